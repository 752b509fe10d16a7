/**
 * The update form's photos per colour: each saved colour's photos in the order shoppers see
 * them, several added at once (dropped or chosen), each with its alt text (saved when the field
 * is left), moved earlier or later, moved to another colour, or deleted (after asking). Every
 * change is one call, saved at once, whose answer (the product with every photo) is shown; one
 * call at a time. A colour added in the form takes photos once the product is saved.
 */
import { useId, useState } from 'react';
import type { Product } from '@repo/shared';
import { MAX_IMAGES_PER_COLOUR } from '@repo/shared/constants/forms';
import { srcSetOf } from '@repo/shared/rules';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { controlClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { settle } from '@/lib/outcome';
import { useColourImages, type ColourImageCall } from '../api/colour-images';
import { moved } from '../lib/product-form';
import {
  ColourPhotosHeading,
  PhotoCard,
  PhotoList,
  PhotosDropZone,
  PhotosFieldset,
  smallButton,
} from './photo-parts';

type Colour = Product['colours'][number];
type Image = Colour['images'][number];
/** What every photo control needs: the product, whether a call runs, and how to make one. */
interface Ctx {
  product: Product;
  busy: boolean;
  /** Makes the call; false when it failed (`onRefused` hears why). */
  run: (call: ColourImageCall, onRefused?: (why: string) => void) => Promise<boolean>;
  /** What was refused of each colour's photos before this page opened, by colour name. */
  refusedBefore: Record<string, string>;
}

export function ColourPhotos({
  product,
  onChange,
  refusedBefore = {},
}: {
  product: Product;
  /** Hears the product as the last call answered it. */
  onChange: (product: Product) => void;
  /** The create form's photos the server refused, by colour name: shown beside that colour. */
  refusedBefore?: Record<string, string>;
}) {
  const calls = useColourImages();
  const [said, setSaid] = useState('');

  async function run(call: ColourImageCall, onRefused?: (why: string) => void): Promise<boolean> {
    const failed = 'The photos could not be changed';
    let refusal: string | undefined;
    const answer = await settle(
      calls.mutateAsync(call),
      { refused: failed, exception: failed },
      (_fields, said) => (refusal = said),
    );
    if (!answer?.product) {
      onRefused?.(refusal ?? failed);
      return false;
    }
    onChange(answer.product);
    setSaid(answer.message);
    return true;
  }
  const ctx: Ctx = { product, busy: calls.isPending, run, refusedBefore };

  return (
    <PhotosFieldset
      busy={calls.isPending}
      hint={
        <>
          Shoppers see each colour&apos;s photos in this order; the first colour&apos;s first photo
          is the product&apos;s main photo. Changes here are saved at once. A colour added above
          takes photos once the product is updated.
        </>
      }
    >
      {product.colours.map((colour) => (
        <ColourSection key={colour._id} colour={colour} ctx={ctx} />
      ))}
      <p role="status" className="sr-only">
        {said}
      </p>
    </PhotosFieldset>
  );
}

function ColourSection({ colour, ctx }: { colour: Colour; ctx: Ctx }) {
  const headingId = useId();
  const count = colour.images.length;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <ColourPhotosHeading id={headingId} hex={colour.hex} name={colour.name} count={count} />
      {count > 0 && (
        <PhotoList>
          {colour.images.map((image, at) => (
            <SavedPhoto key={image._id} colour={colour} image={image} at={at} ctx={ctx} />
          ))}
        </PhotoList>
      )}
      {count < MAX_IMAGES_PER_COLOUR && <AddPhotos colour={colour} ctx={ctx} />}
    </section>
  );
}

function SavedPhoto({
  colour,
  image,
  at,
  ctx,
}: {
  colour: Colour;
  image: Image;
  at: number;
  ctx: Ctx;
}) {
  const { product, busy, run } = ctx;
  const [alt, setAlt] = useState(image.alt);
  const [deleting, setDeleting] = useState(false);
  const [moveTo, setMoveTo] = useState('');
  const name = `photo ${at + 1} of ${colour.name}`;
  const others = product.colours.filter((c) => c._id !== colour._id);
  const ids = colour.images.map((i) => i._id);
  const base = { id: product._id, colour: colour.name, imageId: image._id };

  const saveAlt = () => {
    if (alt.trim() === image.alt) return;
    void run({ kind: 'change', ...base, change: { alt } });
  };

  return (
    <PhotoCard
      picture={{
        src: image.url,
        srcSet: srcSetOf(image.widths),
        sizes: image.widths.length ? '(min-width: 1024px) 12rem, 45vw' : undefined,
        alt: image.alt,
      }}
      name={name}
      alt={alt}
      onAlt={setAlt}
      onAltDone={saveAlt}
      at={at}
      count={ids.length}
      busy={busy}
      onMove={(by) =>
        void run({ kind: 'order', id: product._id, colour: colour.name, order: moved(ids, at, by) })
      }
      onRemove={() => setDeleting(true)}
      removeLabel="Delete"
    >
      {others.length > 0 && (
        <div className="flex flex-wrap gap-1">
          <select
            value={moveTo}
            onChange={(e) => setMoveTo(e.target.value)}
            aria-label={`Colour to move ${name} to`}
            className={cn(controlClasses, 'min-w-24 flex-1 text-sm')}
          >
            <option value="">Move to…</option>
            {others.map((c) => (
              <option key={c._id} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
          <Button
            variant="outline"
            className={smallButton}
            disabled={busy || !moveTo}
            onClick={() => void run({ kind: 'change', ...base, change: { colour: moveTo } })}
            aria-label={`Move ${name} to ${moveTo || 'the colour chosen'}`}
          >
            Move
          </Button>
        </div>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${name}?`}
          confirmLabel="Delete photo"
          busyLabel="Deleting..."
          busy={busy}
          onConfirm={() => void run({ kind: 'delete', ...base }).then(() => setDeleting(false))}
          onCancel={() => setDeleting(false)}
        >
          <p>Shoppers will no longer see it. Orders already placed keep their pictures.</p>
        </ConfirmDialog>
      )}
    </PhotoCard>
  );
}

/** The colour's drop zone: the photos checked are sent in one call. */
function AddPhotos({ colour, ctx }: { colour: Colour; ctx: Ctx }) {
  const { product, busy, run, refusedBefore } = ctx;
  const [sending, setSending] = useState(0);
  const [refused, setRefused] = useState(refusedBefore[colour.name]);
  return (
    <PhotosDropZone
      colourName={colour.name}
      count={colour.images.length}
      busy={busy}
      sending={
        sending ? `Uploading ${sending === 1 ? 'a photo' : `${sending} photos`}...` : undefined
      }
      error={refused}
      onPhotos={async (files) => {
        setSending(files.length);
        setRefused(undefined);
        await run({ kind: 'add', id: product._id, colour: colour.name, files }, setRefused);
        setSending(0);
      }}
    />
  );
}
