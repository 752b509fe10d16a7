/**
 * /product-detail/{slug}: the product, its reviews (issue 37) and a "Similar Products"
 * grid.
 */
import { startTransition, Suspense, useDeferredValue, useOptimistic } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import type { Product } from '@repo/shared';
import {
  colourKey,
  findColour,
  firstColourInStock,
  formatRupees,
  productDetailPath,
  stockOf,
} from '@repo/shared/rules';
import { Button, ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon, SearchIcon } from '@/components/ui/icons';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { addToCartWithToast } from '@/features/cart/use-cart';
import { useProduct } from '@/lib/api/get-product';
import { useRelatedProducts } from '@/features/catalog/api/get-related-products';
import { CatalogProducts } from '@/features/catalog/components/catalog-products';
import { ProductDetails } from '@/features/catalog/components/product-details';
import { CheckDelivery } from '@/features/delivery/components/check-delivery';
import { PaymentNote } from '@/features/checkout/components/payment-note';
import { ShareProduct } from '@/features/share/share-product';
import { SoldBy } from '@/features/static/components/sold-by';
import { ApiError } from '@/lib/api-client';
import { usePublicSettings } from '@/lib/api/public-settings';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { useLogOnError } from '@/lib/use-log-on-error';
import { useTitle } from '@/lib/use-title';

/**
 * The reviews, in a chunk of their own (with the review form): below the fold, so the product's
 * photo and details do not wait for them. The server renders them with the rest of the page.
 */
const ProductReviews = lazyWithRetry(() => import('@/features/reviews/components/product-reviews'));

/**
 * Loaded before a server-rendered product page is taken over (router's preloadPages): React
 * hydrates a lazy part whose chunk is still on its way later, and an update reaching it first
 * (the reviews asked for again) makes React drop the server's reviews for "Loading reviews...":
 * the page shrank under a shopper who had scrolled down.
 */
export const preload = () => ProductReviews.preload();

/** No similar products (one list, so the deferred value below does not change every render). */
const NONE: Product[] = [];

export default function ProductDetailPage() {
  const { slug = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const product = useProduct(slug, {
    retry: (n, error) => !(error instanceof ApiError && error.status === 404) && n < 1,
  });
  const item = product.data?.Aproduct;
  // ?colour=black&size=M keep the choice in a shared link: an unknown colour is the first in
  // stock, a size that colour has not got (left) is no choice.
  const colour = item
    ? (findColour(item.colours, searchParams.get('colour') ?? undefined) ??
      firstColourInStock(item.colours))
    : undefined;
  const wanted = searchParams.get('size') ?? undefined;
  const size =
    item && colour && wanted && stockOf(item, colour.name, wanted) > 0 ? wanted : undefined;
  // The router applies the URL in a transition: until that renders, the choice shows at once
  // (and ADD TO CART, tapped right after, adds that colour and size).
  const [shown, show] = useOptimistic({ colour: colour?.name, size });
  // Who sells it and whether the shop takes cash on delivery: inlined with a server-rendered
  // page, so its first render has them; asked for beside the product by a page the browser opens
  // itself (a card tapped), which waits for both (below).
  const publicSettings = usePublicSettings();
  const settings = publicSettings.data?.settings;
  // The same title the server gives the page (the API's modules/web/seo.ts).
  useTitle(item ? `${item.name} – ${formatRupees(item.price)}` : 'Product');

  const location = useLocation();

  // The product comes with its seller: Sold by and the payment line never come in after it and
  // push the page down under the shopper. Settings that fail to load leave them out.
  if (product.isPending || publicSettings.isPending) return <Loading text="Loading product..." />;

  // An address the product had before a rename (a cart line saved then): go to its address now,
  // as the server answers such an address with a 301.
  if (item && item.slug !== slug)
    return <Navigate replace to={`${productDetailPath(item.slug)}${location.search}`} />;

  if (!item) {
    const missing = product.error instanceof ApiError && product.error.status === 404;
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <EmptyState
          icon={missing ? <SearchIcon /> : <AlertIcon />}
          title={missing ? 'We couldn’t find that T-shirt.' : 'This product could not be loaded.'}
        >
          <p>
            {missing
              ? 'It may have sold out for good or moved. Plenty more tees are waiting for you.'
              : 'Please check your connection and try again.'}
          </p>
          <div className="mt-4 flex justify-center gap-3">
            {!missing && (
              <Button variant="outline" onClick={() => void product.refetch()}>
                Try again
              </Button>
            )}
            <ButtonLink to={paths.home}>Continue shopping</ButtonLink>
          </div>
        </EmptyState>
      </div>
    );
  }

  const shownColour = findColour(item.colours, shown.colour) ?? colour!;
  /**
   * Shows a choice and puts it in the URL: the colour by its key (of a product in several), and
   * the size while that colour has it.
   */
  const choose = (next: { colour: string; size: string | undefined }) =>
    startTransition(() => {
      const keep = next.size && stockOf(item, next.colour, next.size) > 0 ? next.size : undefined;
      show({ colour: next.colour, size: keep });
      setSearchParams(
        {
          ...(item.colours.length > 1 ? { colour: colourKey(next.colour) } : {}),
          ...(keep ? { size: keep } : {}),
        },
        { replace: true },
      );
    });

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <ProductDetails
        product={item}
        colour={shownColour}
        size={shown.size}
        onColourChange={(c) => choose({ colour: c, size: shown.size })}
        onSizeChange={(s) => choose({ colour: shownColour.name, size: s })}
        onAddToCart={addToCartWithToast}
        seller={settings && <SoldBy gst={settings.gst} />}
        actions={
          <ShareProduct
            name={item.name}
            slug={item.slug}
            colour={item.colours.length > 1 ? colourKey(shownColour.name) : undefined}
          />
        }
        delivery={<CheckDelivery />}
        payment={<PaymentNote cod={settings?.cod.enabled ?? false} />}
      />
      <Suspense fallback={<Loading text="Loading reviews..." />}>
        <ProductReviews productId={item._id} />
      </Suspense>
      <SimilarProducts productId={item._id} categoryId={item.category?._id} />
    </div>
  );
}

/**
 * The similar products, asked for once the page is on screen. Their answer re-renders this
 * section alone, not the product above it (a slow phone's main thread held for the whole page),
 * and their cards render in the background (a deferred value, so React renders them in slices),
 * not in one long task that holds a slow phone's taps.
 */
function SimilarProducts({ productId, categoryId }: { productId: string; categoryId?: string }) {
  const related = useRelatedProducts(productId, categoryId);
  const similar = useDeferredValue(related.isError ? NONE : related.data?.products);
  const pending = useDeferredValue(related.isPending);
  useLogOnError(related.error, 'Failed to load similar products'); // only logged
  return (
    <section
      aria-labelledby="similar-heading"
      className="mt-12 border-t border-slate-200 pt-8 dark:border-slate-800"
    >
      <h2 id="similar-heading" className="mb-4 text-xl font-bold">
        Similar Products
      </h2>
      <CatalogProducts
        products={similar}
        loading={pending}
        onAddToCart={addToCartWithToast}
        label="Similar Products"
        eager={0}
      />
    </section>
  );
}
