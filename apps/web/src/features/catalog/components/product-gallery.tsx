/**
 * The photos of the chosen colour: one large photo at a time in a strip that scrolls by whole
 * photos (CSS scroll snapping: a swipe on a phone, the browser's own), thumbnails under it, the
 * arrow keys on the strip, and zoom: a tap or click opens the full-screen view, which pinches
 * and zooms (yet-another-react-lightbox, loaded only when first opened) and closes on Escape.
 * The first photo is the page's main image (LCP): it loads at once, the rest when near. Give it
 * a `key` per colour: another colour starts at its first photo.
 */
import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import type { ProductImage as Image } from '@repo/shared';
import { DETAIL_IMAGE_SIZES } from '@repo/shared/constants';
import { ProductImage } from '@/components/ui/product-image';
import { cn } from '@/lib/cn';

const PhotoZoom = lazy(() => import('./photo-zoom'));

/** A colour's photo as ProductImage takes one. */
const asPhoto = (image: Image) => ({ name: image.alt, photo: image.url, photos: image.widths });

export function ProductGallery({
  images,
  label,
  fallback,
}: {
  images: readonly Image[];
  /** What the photos show: "Sakura Drift Tee in Black". */
  label: string;
  /** The product's main photo, for a colour without photos of its own. */
  fallback: { name: string; photo: string; photos?: Array<{ width: number; url: string }> };
}) {
  const strip = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const [zoomed, setZoomed] = useState<number>();
  const count = images.length;

  /** Shows photo `index` (the strip scrolls; the thumbnails follow it). */
  function show(index: number) {
    const to = Math.max(0, Math.min(count - 1, index));
    const el = strip.current;
    el?.scrollTo({ left: to * el.clientWidth, behavior: 'smooth' });
    setCurrent(to);
  }

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'ArrowRight') show(current + 1);
    else if (e.key === 'ArrowLeft') show(current - 1);
    else if (e.key === 'Home') show(0);
    else if (e.key === 'End') show(count - 1);
    else return;
    e.preventDefault();
  }

  if (!count)
    return (
      <ProductImage
        product={fallback}
        sizes={DETAIL_IMAGE_SIZES}
        priority
        className="rounded-2xl border border-slate-200 dark:border-slate-800"
      />
    );

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <section
        aria-roledescription="carousel"
        aria-label={`Photos of ${label}`}
        // The strip takes the arrow keys; with one photo there is nothing to move to.
        tabIndex={count > 1 ? 0 : undefined}
        onKeyDown={count > 1 ? onKeyDown : undefined}
        className="relative rounded-2xl focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none dark:focus-visible:ring-offset-slate-950"
      >
        <ul
          ref={strip}
          onScroll={(e) => {
            const el = e.currentTarget;
            if (el.clientWidth) setCurrent(Math.round(el.scrollLeft / el.clientWidth));
          }}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-2xl border border-slate-200 [scrollbar-width:none] dark:border-slate-800"
        >
          {images.map((image, i) => (
            <li
              key={image._id}
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              className="w-full shrink-0 snap-center"
            >
              <button
                type="button"
                onClick={() => setZoomed(i)}
                aria-label={`Zoom: ${image.alt}`}
                className="block w-full cursor-zoom-in"
              >
                <ProductImage
                  product={asPhoto(image)}
                  alt={image.alt}
                  sizes={DETAIL_IMAGE_SIZES}
                  priority={i === 0}
                />
              </button>
            </li>
          ))}
        </ul>
        {count > 1 && (
          <p
            aria-hidden="true"
            className="pointer-events-none absolute right-3 bottom-3 rounded-full bg-slate-900/70 px-2 py-0.5 text-xs font-semibold text-white"
          >
            {current + 1} / {count}
          </p>
        )}
      </section>
      {count > 1 && (
        <ul aria-label={`Choose a photo of ${label}`} className="flex gap-2 overflow-x-auto pb-1">
          {images.map((image, i) => (
            <li key={image._id} className="shrink-0">
              <button
                type="button"
                onClick={() => show(i)}
                aria-label={`Photo ${i + 1}: ${image.alt}`}
                aria-current={i === current || undefined}
                className={cn(
                  'block w-16 overflow-hidden rounded-lg border-2 sm:w-20',
                  i === current
                    ? 'border-brand-600 dark:border-brand-100'
                    : 'border-transparent opacity-80 hover:opacity-100',
                )}
              >
                <ProductImage product={asPhoto(image)} alt="" sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {zoomed !== undefined && (
        <Suspense fallback={null}>
          <PhotoZoom
            images={images}
            index={zoomed}
            label={label}
            onClose={(at) => {
              setZoomed(undefined);
              show(at);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
