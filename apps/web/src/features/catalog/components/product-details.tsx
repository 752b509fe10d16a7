/**
 * The detail of one product: large photo, name, its rating (a link to the page's #reviews),
 * category, price, sizes, stock and the add button.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import type { Product, ProductSize } from '@repo/shared';
import { DETAIL_IMAGE_SIZES, LOW_STOCK } from '@repo/shared/constants';
import { isOneSize, isSoldOut, sizesOf, stockOfSize } from '@repo/shared/rules';
import { Button } from '@/components/ui/button';
import { CardIcon, TruckIcon } from '@/components/ui/delivery-icons';
import { Price } from '@/components/ui/price';
import { ProductImage } from '@/components/ui/product-image';
import { RatingLine } from '@/components/ui/rating';
import { SizePicker } from '@/components/ui/size-picker';
import { SizeGuide } from './size-guide';

/** The stock line: of the chosen size when there is one, else of the product. */
function StockInfo({ product, size }: { product: Product; size: string | undefined }) {
  if (isSoldOut(product))
    return <p className="text-sm font-semibold text-red-700 dark:text-red-400">Sold out</p>;
  const oneSize = isOneSize(product);
  const left = size ? stockOfSize(product, size) : product.quantity;
  if ((size || oneSize) && left <= LOW_STOCK)
    return (
      <p className="text-sm font-semibold text-amber-700 dark:text-amber-300">
        {oneSize ? `Hurry, only ${left} left in stock` : `Only ${left} left in ${size}`}
      </p>
    );
  return <p className="text-sm font-semibold text-green-700 dark:text-green-400">In stock</p>;
}

export function ProductDetails({
  product,
  size,
  onSizeChange,
  onAddToCart,
  actions,
}: {
  product: Product;
  /** The chosen size (from the URL), if it is one the product has left. */
  size: string | undefined;
  onSizeChange: (size: string) => void;
  onAddToCart: (product: Product, size: ProductSize) => void;
  /** More under the add button (the product page's Share). */
  actions?: ReactNode;
}) {
  const soldOut = isSoldOut(product);
  const oneSize = isOneSize(product);
  const sizes = sizesOf(product);
  const [asked, setAsked] = useState(false);
  const pickerRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const chosen = oneSize ? sizes[0]!.size : size;

  function add() {
    if (chosen) {
      onAddToCart(product, chosen as ProductSize);
      return;
    }
    // Several sizes and none chosen: ask, never guess.
    setAsked(true);
    pickerRef.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
  }

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
        <RatingLine rating={product.rating} size="md" href="#reviews" />
        <Price value={product.price} size="lg" />
        {!oneSize && (
          <div ref={pickerRef} className="flex flex-col gap-1">
            <SizePicker
              sizes={sizes}
              value={size}
              onChange={(s) => {
                setAsked(false);
                onSizeChange(s);
              }}
              invalid={asked && !size}
              describedBy={asked && !size ? hintId : undefined}
            />
            <div className="flex flex-wrap items-center gap-3">
              {asked && !size && (
                <p
                  id={hintId}
                  role="alert"
                  className="text-sm font-semibold text-red-700 dark:text-red-400"
                >
                  Please choose a size
                </p>
              )}
              <span className="ml-auto">
                <SizeGuide />
              </span>
            </div>
          </div>
        )}
        <StockInfo product={product} size={chosen} />
        <p className="leading-relaxed whitespace-pre-line text-slate-700 dark:text-slate-300">
          {product.description}
        </p>
        <div>
          <Button size="lg" disabled={soldOut} onClick={add} className="w-full sm:w-auto">
            {soldOut ? 'Sold out' : 'ADD TO CART'}
          </Button>
        </div>
        {actions}
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
