/**
 * Load a product by slug and edit it: "Update" saves (photo optional), "Delete" asks first, in
 * the shop's own dialog (as a category's delete does). Both send the admin back to the product
 * list on success.
 */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Product } from '@repo/shared';
import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Loading } from '@/components/ui/spinner';
import { adminPaths } from '@/config/admin-paths';
import { toast } from '@/lib/toast';
import { useDeleteProduct } from '../api/delete-product';
import { useProduct } from '@/lib/api/get-product';
import { useUpdateProduct } from '../api/update-product';
import { settle, useLoadFailure, type FieldErrors } from '@/lib/outcome';
import { productFormData, productFormValues, type ProductFormValues } from '../lib/product-form';
import { ColourPhotos } from './colour-photos';
import type { RefusedPhotosState } from './create-product-form';
import { ProductForm } from './product-form';
import { TeeIcon } from '@/components/ui/icons';

export const DELETE_PRODUCT_QUESTION = 'Are you sure you want to delete this product?';

export function UpdateProduct({ slug }: { slug: string }) {
  // Always asked for again when the page opens: the form is filled once, from this answer.
  const product = useProduct(slug, { staleTime: 0 });
  useLoadFailure(product, 'product', {
    refused: 'Failed to load product',
    error: 'Failed to load product',
  });

  // A cached copy may be older than the last save: the form waits for this visit's fetch.
  if (product.isPending || (product.isFetching && !product.isFetchedAfterMount)) {
    return <Loading text="Loading product..." />;
  }
  const found = product.data?.Aproduct;
  if (!found) {
    return (
      <EmptyState title="This product could not be loaded." icon={<TeeIcon />}>
        <ButtonLink to={adminPaths.adminProducts} variant="outline">
          Back to products
        </ButtonLink>
      </EmptyState>
    );
  }
  // Keyed by id: the form is filled once from the loaded product, never overwritten mid-edit.
  return <UpdateProductForm key={found._id} product={found} />;
}

function UpdateProductForm({ product: loaded }: { product: Product }) {
  // The product as the last photo call answered it (its photos are saved one call at a time).
  const [product, setProduct] = useState(loaded);
  const navigate = useNavigate();
  // Photos the create form could not save (the product was created): said beside each colour,
  // on this visit only. Kept from the first render, then cleared from the history entry, so a
  // reload (or coming back to the page) does not say it again.
  const location = useLocation();
  const [refusedPhotos] = useState(
    () => (location.state as RefusedPhotosState | null)?.refusedPhotos ?? {},
  );
  const told = Boolean((location.state as RefusedPhotosState | null)?.refusedPhotos);
  useEffect(() => {
    if (told)
      navigate(location.pathname + location.search + location.hash, {
        replace: true,
        state: null,
      });
  }, [told, navigate, location.pathname, location.search, location.hash]);
  const form = useForm<ProductFormValues>({ defaultValues: productFormValues(loaded) });
  const update = useUpdateProduct();
  const [errors, setErrors] = useState<FieldErrors>({});
  const remove = useDeleteProduct();
  const [askingDelete, setAskingDelete] = useState(false);
  const busy = update.isPending || remove.isPending;

  async function save(values: ProductFormValues) {
    const answer = await settle(
      update.mutateAsync({ id: product._id, form: productFormData(values) }),
      {
        refused: 'Update product failed',
        exception: 'Update product failed',
      },
      setErrors,
    );
    if (!answer) return;
    toast.success('Product Updated successfully!');
    navigate(adminPaths.adminProducts);
  }

  async function handleDelete() {
    const answer = await settle(remove.mutateAsync(product._id), {
      refused: 'Failed to delete product.',
      exception: 'Something went wrong while deleting the product.',
    });
    setAskingDelete(false);
    if (!answer) return;
    toast.success('Product deleted successfully!');
    navigate(adminPaths.adminProducts);
  }

  return (
    <>
      {Object.keys(refusedPhotos).length > 0 && (
        <p
          role="alert"
          className="mb-5 max-w-4xl rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-500/50 dark:bg-red-950/40 dark:text-red-200"
        >
          The product was created, but some of its photos were not saved: see Photos per colour
          below, beside {Object.keys(refusedPhotos).join(', ')}, and add them again there.
        </p>
      )}
      <ProductForm
        form={form}
        onSubmit={save}
        currentPhotoUrl={product.photo}
        busy={busy}
        errors={errors}
        colourPhotos={
          <ColourPhotos product={product} onChange={setProduct} refusedBefore={refusedPhotos} />
        }
        actions={
          <>
            <Button type="submit" size="lg" loading={update.isPending} disabled={busy}>
              {update.isPending ? 'Updating...' : 'Update'}
            </Button>
            <Button
              variant="danger"
              size="lg"
              loading={remove.isPending}
              disabled={busy}
              onClick={() => setAskingDelete(true)}
            >
              Delete
            </Button>
          </>
        }
      />
      {askingDelete && (
        <ConfirmDialog
          title={DELETE_PRODUCT_QUESTION}
          confirmLabel="Delete product"
          busyLabel="Deleting..."
          busy={remove.isPending}
          onConfirm={() => void handleDelete()}
          onCancel={() => setAskingDelete(false)}
        >
          <p>This cannot be undone. Orders already placed keep their lines.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
