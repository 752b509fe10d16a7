/** The product grid of a catalog page, with its loading and empty states. */
import { memo } from 'react';
import type { Product, ProductSize } from '@repo/shared';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchIcon } from '@/components/ui/icons';
import { ProductCard } from '@/components/ui/product-card';
import { ProductGrid, ProductGridItem } from '@/components/ui/product-grid';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

/** Cards in the first row (up to 4 on desktops) load their photo at once. */
const FIRST_ROW = 4;

/**
 * Memoised: a page passing a deferred list (the product page's similar products) renders it
 * again only when the list itself changes.
 */
export const CatalogProducts = memo(function CatalogProducts({
  products,
  loading,
  loadingText = 'Loading products...',
  onAddToCart,
  label,
  eager = FIRST_ROW,
}: {
  products: Product[] | undefined;
  loading: boolean;
  loadingText?: string;
  onAddToCart: (product: Product, size: ProductSize, colour: string) => void;
  label?: string;
  /** How many photos load at once (the first row when the grid is at the top of the page). */
  eager?: number;
}) {
  if (loading && !products) return <Loading text={loadingText} />;
  if (!products?.length) return <EmptyState title="No products found." icon={<SearchIcon />} />;
  return (
    <ProductGrid label={label}>
      {products.map((p, i) => (
        <ProductGridItem key={p._id}>
          <ProductCard
            product={p}
            href={paths.productDetail(p.slug)}
            onAddToCart={onAddToCart}
            detailsLink
            priority={i < eager}
          />
        </ProductGridItem>
      ))}
    </ProductGrid>
  );
});
