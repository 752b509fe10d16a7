/**
 * Create a product, then each colour's chosen photos (one add-photos call per colour, one after
 * the other, the progress said beside that colour and under the button). On success every field
 * (photos and category included) starts over. When the product was created but a colour's
 * photos were refused, the admin is taken to the product's page, where each refusal is shown
 * beside that colour's photos (the product exists: creating it again would make a second one).
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { Product } from '@repo/shared';
import { Button } from '@/components/ui/button';
import { adminPaths } from '@/config/admin-paths';
import { toast } from '@/lib/toast';
import { useCreateProduct } from '../api/create-product';
import { useColourImages } from '../api/colour-images';
import { outcomeOf, settle, type FieldErrors } from '@/lib/outcome';
import { emptyProductForm, productFormData, type ProductFormValues } from '../lib/product-form';
import { altOf, ChosenColourPhotos } from './chosen-colour-photos';
import { ProductForm } from './product-form';

/** What the product's page is handed when photos were refused: why, by colour name. */
export interface RefusedPhotosState {
  refusedPhotos: Record<string, string>;
}

const photosText = (n: number) => (n === 1 ? 'a photo' : `${n} photos`);

export function CreateProductForm() {
  const form = useForm<ProductFormValues>({ defaultValues: emptyProductForm });
  const create = useCreateProduct();
  const upload = useColourPhotosUpload();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});
  const busy = create.isPending || upload.running;

  async function submit(values: ProductFormValues) {
    const answer = await settle(
      create.mutateAsync(productFormData(values)),
      { refused: 'Something went wrong.', exception: 'Create product failed' },
      setErrors,
    );
    if (!answer) return;
    const refused = await upload.send(values, answer.product);
    const colours = Object.keys(refused);
    if (colours.length && answer.product) {
      toast.error(
        `The product was created, but the photos of ${colours.join(', ')} were not saved: see beside them.`,
      );
      const state: RefusedPhotosState = { refusedPhotos: refused };
      navigate(adminPaths.adminProduct(answer.product.slug), { state });
      return;
    }
    toast.success('Product created successfully!');
    form.reset(emptyProductForm);
  }

  return (
    <ProductForm
      form={form}
      onSubmit={submit}
      busy={busy}
      errors={errors}
      colourPhotos={<ChosenColourPhotos form={form} busy={busy} progress={upload.progress} />}
      actions={
        <>
          <Button type="submit" size="lg" loading={busy}>
            {create.isPending
              ? 'Creating...'
              : upload.running
                ? 'Uploading photos...'
                : 'Create Product'}
          </Button>
          <p role="status" className="self-center text-sm text-slate-600 dark:text-slate-400">
            {upload.status}
          </p>
        </>
      }
    />
  );
}

/**
 * Sends each colour's chosen photos to the product just created, one call per colour, in the
 * colours' order; answers why each refused colour's photos were refused, by colour name.
 */
function useColourPhotosUpload() {
  const calls = useColourImages();
  const [running, setRunning] = useState(false);
  const [status, setStatus] = useState('');
  /** What is under way or done for each colour, by row key. */
  const [progress, setProgress] = useState<Record<string, string>>({});

  async function send(
    values: ProductFormValues,
    product: Product | undefined,
  ): Promise<Record<string, string>> {
    const rows = values.colours.flatMap((row, at) => (row.photos.length ? [{ row, at }] : []));
    if (!rows.length) return {};
    const refused: Record<string, string> = {};
    setRunning(true);
    for (const [n, { row, at }] of rows.entries()) {
      // The product answers its colours in the order they were sent, as they were stored.
      const colour = product?.colours[at]?.name ?? row.name.trim();
      const files = row.photos.map((p) => p.file);
      setStatus(`Adding photos of ${colour} (${n + 1} of ${rows.length})...`);
      setProgress((p) => ({ ...p, [row.key]: `Uploading ${photosText(files.length)}...` }));
      const result = product
        ? await outcomeOf(
            calls.mutateAsync({
              kind: 'add',
              id: product._id,
              colour,
              files,
              alts: row.photos.map((p) => altOf(p, values.name, colour)),
            }),
            { refused: 'They were refused.', exception: 'They could not be sent.' },
          )
        : { ok: false as const, message: 'The product was not found once created.' };
      const names = files.map((f) => f.name).join(', ');
      if (!result.ok)
        refused[colour] = `Not saved when the product was created (${names}): ${result.message}`;
      setProgress((p) => ({
        ...p,
        [row.key]: result.ok ? `${photosText(files.length)} uploaded` : 'Not saved',
      }));
    }
    setRunning(false);
    setStatus('');
    setProgress({});
    return refused;
  }

  return { send, running, status, progress };
}
