/** The detail of one product: large photo, name, category, price, stock and the add button. */
import type { Product } from '@repo/shared';
import { DETAIL_IMAGE_SIZES } from '@repo/shared/constants';
import { Button } from '@/components/ui/button';
import { CardIcon, TruckIcon } from '@/components/ui/icons';
import { Price } from '@/components/ui/price';
import { ProductImage } from '@/components/ui/product-image';

const FEW_LEFT = 5;

function StockInfo({ quantity }: { quantity: number }) {
  if (quantity <= 0)
    return <p className="text-sm font-semibold text-red-700 dark:text-red-400">Out of stock</p>;
  if (quantity <= FEW_LEFT)
    return (
      <p className="text-sm font-semibold text-amber-700 dark:text-amber-300">
        Hurry, only {quantity} left in stock
      </p>
    );
  return <p className="text-sm font-semibold text-green-700 dark:text-green-400">In stock</p>;
}

export function ProductDetails({
  product,
  onAddToCart,
}: {
  product: Product;
  onAddToCart: (product: Product) => void;
}) {
  const soldOut = product.quantity <= 0;
  return (
    <div className="grid gap-6 md:grid-cols-2 md:gap-10">
      <ProductImage
        product={product}
        sizes={DETAIL_IMAGE_SIZES}
        priority
        className="rounded-2xl border border-slate-200 dark:border-slate-800"
      />
      <div className="flex flex-col gap-4">
        <p>
          <span className="sr-only">Category: </span>
          <span className="inline-block rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700 dark:bg-brand-500/20 dark:text-brand-100">
            {product.category?.name ?? 'Uncategorised'}
          </span>
        </p>
        <h1 className="text-2xl font-black tracking-tight sm:text-3xl">{product.name}</h1>
        <Price value={product.price} size="lg" />
        <StockInfo quantity={product.quantity} />
        <p className="leading-relaxed whitespace-pre-line text-slate-700 dark:text-slate-300">
          {product.description}
        </p>
        <div>
          <Button
            size="lg"
            disabled={soldOut}
            onClick={() => onAddToCart(product)}
            className="w-full sm:w-auto"
          >
            ADD TO CART
          </Button>
        </div>
        <ul className="mt-2 space-y-1 text-sm text-slate-600 dark:text-slate-400">
          <li className="flex items-center gap-2">
            <TruckIcon /> Free delivery across India
          </li>
          <li className="flex items-center gap-2">
            <CardIcon /> Secure card payment
          </li>
        </ul>
      </div>
    </div>
  );
}
