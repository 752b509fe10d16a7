/**
 * The detail of one product: the chosen colour's photos (gallery and zoom), name, its rating
 * (a link to the page's #reviews), category, price, colours, that colour's sizes and stock, and
 * the add button.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import type { Product, ProductColour, ProductSize } from '@repo/shared';
import { LOW_STOCK } from '@repo/shared/constants';
import { isColourSoldOut, isOneSize, isSoldOut, variantLabel } from '@repo/shared/rules';
import { Button } from '@/components/ui/button';
import { ColourPicker } from '@/components/ui/colour-picker';
import { Price } from '@/components/ui/price';
import { RatingLine } from '@/components/ui/rating';
import { SizePicker } from '@/components/ui/size-picker';
import { ProductFacts } from './product-facts';
import { ProductGallery } from './product-gallery';
import { SizeGuide } from './size-guide';

/** The stock line of the chosen colour: of its chosen size when there is one. */
function StockInfo({ colour, size }: { colour: ProductColour; size: string | undefined }) {
  const named = variantLabel({ colour: colour.name });
  if (isColourSoldOut(colour))
    return (
      <p className="text-sm font-semibold text-red-700 dark:text-red-400">
        {named ? `Sold out in ${named}` : 'Sold out'}
      </p>
    );
  const oneSize = isOneSize({ quantity: 0, sizes: colour.sizes });
  const total = colour.sizes.reduce((sum, s) => sum + s.quantity, 0);
  const left = size ? (colour.sizes.find((s) => s.size === size)?.quantity ?? 0) : total;
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
  colour,
  size,
  onColourChange,
  onSizeChange,
  onAddToCart,
  actions,
  seller,
  delivery,
  payment,
}: {
  product: Product;
  /** The chosen colour (from the URL, else the first in stock). */
  colour: ProductColour;
  /** The chosen size (from the URL), if that colour has it left. */
  size: string | undefined;
  onColourChange: (colour: string) => void;
  onSizeChange: (size: string) => void;
  onAddToCart: (product: Product, size: ProductSize, colour: string) => void;
  /** More under the add button (the product page's Share). */
  actions?: ReactNode;
  /** Who sells it, for the Product details (the shop's details, from its settings). */
  seller?: ReactNode;
  /** When and for how much it arrives at a PIN ("Check delivery"). */
  delivery?: ReactNode;
  /** How a shopper can pay (under Check delivery). */
  payment?: ReactNode;
}) {
  const soldOut = isSoldOut(product);
  const colourSoldOut = isColourSoldOut(colour);
  const oneSize = isOneSize(product);
  const sizes = colour.sizes;
  const [asked, setAsked] = useState(false);
  const pickerRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const chosen = oneSize ? sizes[0]!.size : size;
  const named = variantLabel({ colour: colour.name });
  const shows = named ? `${product.name} in ${named}` : product.name;

  function add() {
    if (chosen) {
      onAddToCart(product, chosen as ProductSize, colour.name);
      return;
    }
    // Several sizes and none chosen: ask, never guess.
    setAsked(true);
    pickerRef.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
  }

  return (
    <div className="grid gap-6 md:grid-cols-2 md:gap-10">
      <ProductGallery key={colour.name} images={colour.images} label={shows} fallback={product} />
      <div className="flex flex-col gap-4">
        <p>
          <span className="sr-only">Category: </span>
          <span className="inline-block rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700 dark:bg-brand-500/20 dark:text-brand-100">
            {product.category?.name ?? 'Uncategorised'}
          </span>
        </p>
        <h1 className="text-2xl font-black tracking-tight sm:text-3xl">{product.name}</h1>
        <RatingLine rating={product.rating} size="md" href="#reviews" />
        <div>
          <Price value={product.price} mrp={product.mrp} size="lg" />
          <p className="text-xs text-slate-500 dark:text-slate-400">incl. of all taxes</p>
        </div>
        {product.colours.length > 1 && (
          <ColourPicker
            colours={product.colours}
            value={colour.name}
            onChange={(c) => {
              setAsked(false);
              onColourChange(c);
            }}
          />
        )}
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
        <StockInfo colour={colour} size={chosen} />
        <p className="leading-relaxed whitespace-pre-line text-slate-700 dark:text-slate-300">
          {product.description}
        </p>
        <div>
          <Button
            size="lg"
            disabled={soldOut || colourSoldOut}
            onClick={add}
            className="w-full sm:w-auto"
          >
            {soldOut ? 'Sold out' : colourSoldOut ? `Sold out in ${colour.name}` : 'ADD TO CART'}
          </Button>
        </div>
        {actions}
        {delivery}
        {payment}
        <ProductFacts product={product} seller={seller} />
      </div>
    </div>
  );
}
