/** Every product as a card linking to its update page (2 to 4 columns by width). */
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ProductCard } from '@/components/ui/product-card';
import { ProductGrid as Grid, ProductGridItem } from '@/components/ui/product-grid';
import { Loading } from '@/components/ui/spinner';
import { adminPaths } from '@/config/admin-paths';
import { useProducts } from '@/lib/api/get-products';
import { useLoadFailure } from '@/lib/outcome';
import { usePageParam } from '@/lib/use-page-param';
import { TeeIcon } from '@/components/ui/icons';
import type { Product } from '@repo/shared';
import { LOW_STOCK } from '@repo/shared/constants';
import { isOneSize, sizesOf } from '@repo/shared/rules';
import { cn } from '@/lib/cn';
import { ListSearch, useSearchParam } from './list-search';

/** Stock per size, low ones (≤ 5) highlighted: what to reorder at a glance. */
function SizeStockList({ product }: { product: Product }) {
  if (isOneSize(product)) return null;
  return (
    <ul aria-label={`Stock per size of ${product.name}`} className="flex flex-wrap gap-1">
      {sizesOf(product).map(({ size, quantity }) => {
        const low = quantity <= LOW_STOCK;
        return (
          <li
            key={size}
            className={cn(
              'rounded px-1.5 py-0.5 text-xs tabular-nums',
              quantity === 0
                ? 'bg-red-100 font-semibold text-red-800 dark:bg-red-500/20 dark:text-red-200'
                : low
                  ? 'bg-amber-100 font-semibold text-amber-900 dark:bg-amber-500/20 dark:text-amber-200'
                  : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
            )}
          >
            {size} {quantity}
            {low && <span className="sr-only"> (low)</span>}
          </li>
        );
      })}
    </ul>
  );
}

export function ProductGrid() {
  const [page, setPage] = usePageParam();
  const [q, search] = useSearchParam();
  const products = useProducts(page, q);
  useLoadFailure(products, 'products', {
    refused: 'Failed to fetch products',
    error: 'Error while fetching products',
  });

  const searchForm = (
    <ListSearch
      key={q}
      q={q}
      onSearch={search}
      label="Find a product"
      placeholder="Name, e.g. Sakura"
      showAll="Show all products"
    />
  );
  if (products.isPending)
    return (
      <>
        {searchForm}
        <Loading text="Loading products..." />
      </>
    );
  const list = products.data?.success ? products.data.AllProducts : [];
  const total = products.data?.total ?? list.length;
  if (list.length === 0)
    return (
      <>
        {searchForm}
        <EmptyState
          title={q ? `No product’s name matches “${q}”.` : 'No products found.'}
          icon={<TeeIcon />}
        />
      </>
    );
  // The server sends hundreds per page; a second page exists only for very large catalogues.
  const more = page * list.length < total;
  return (
    <>
      {searchForm}
      {q && (
        <p className="text-sm text-slate-600 dark:text-slate-400" role="status">
          {total === 1 ? '1 product matches' : `${total} products match`} “{q}”
        </p>
      )}
      <Grid label="Products">
        {list.map((p, i) => (
          <ProductGridItem key={p._id}>
            <ProductCard product={p} href={adminPaths.adminProduct(p.slug)} priority={i < 4}>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {p.quantity} in stock · {p.category?.name ?? 'No category'}
              </p>
              <SizeStockList product={p} />
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
