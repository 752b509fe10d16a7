/** Every product as a card linking to its update page (SPEC: 2 to 4 columns by width). */
import { EmptyState } from '@/components/ui/empty-state';
import { ProductCard } from '@/components/ui/product-card';
import { ProductGrid as Grid, ProductGridItem } from '@/components/ui/product-grid';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useProducts } from '../api/get-products';
import { useLoadFailure } from '../lib/outcome';

export function ProductGrid() {
  const products = useProducts();
  useLoadFailure(products, 'products', { refused: 'Failed to fetch products', error: 'Error while fetching products' });

  if (products.isPending) return <Loading text="Loading products..." />;
  const list = products.data?.success ? products.data.AllProducts : [];
  if (list.length === 0) return <EmptyState title="No products found." icon="👕" />;
  return (
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
  );
}
