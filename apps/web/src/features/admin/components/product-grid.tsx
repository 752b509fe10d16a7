/** Every product as a card linking to its update page (SPEC: 2 to 4 columns by width). */
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ProductCard } from '@/components/ui/product-card';
import { ProductGrid as Grid, ProductGridItem } from '@/components/ui/product-grid';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useProducts } from '../api/get-products';
import { useLoadFailure } from '../lib/outcome';
import { usePageParam } from '../lib/use-page-param';
import { TeeIcon } from '@/components/ui/icons';

export function ProductGrid() {
  const [page, setPage] = usePageParam();
  const products = useProducts(page);
  useLoadFailure(products, 'products', {
    refused: 'Failed to fetch products',
    error: 'Error while fetching products',
  });

  if (products.isPending) return <Loading text="Loading products..." />;
  const list = products.data?.success ? products.data.AllProducts : [];
  const total = products.data?.total ?? list.length;
  if (list.length === 0) return <EmptyState title="No products found." icon={<TeeIcon />} />;
  // The server sends hundreds per page; a second page exists only for very large catalogues.
  const more = page * list.length < total;
  return (
    <>
      <Grid label="Products">
        {list.map((p, i) => (
          <ProductGridItem key={p._id}>
            <ProductCard product={p} href={paths.adminProduct(p.slug)} priority={i < 4}>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {p.quantity} in stock · {p.category?.name ?? 'No category'}
              </p>
            </ProductCard>
          </ProductGridItem>
        ))}
      </Grid>
      {(page > 1 || more) && (
        <nav aria-label="Product pages" className="flex items-center justify-center gap-3">
          <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-slate-700 dark:text-slate-300">
            Page {page} · {total} products
          </span>
          <Button variant="outline" disabled={!more} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </>
  );
}
