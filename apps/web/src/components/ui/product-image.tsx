/**
 * A product photo: square box reserved up front (nothing jumps), srcset from the widths the
 * photo pipeline produced, lazy unless it is in the first row.
 */
import type { Product } from '@repo/shared';
import { srcSetOf } from '@repo/shared/rules';
import { cn } from '@/lib/cn';
import { TeeIcon } from './icons';

type Photo = Pick<Product, 'name' | 'photo' | 'photos'>;

export function ProductImage({
  product,
  sizes,
  priority = false,
  className,
  alt,
}: {
  product: Photo;
  /** How wide the image shows, for the browser's srcset choice. */
  sizes: string;
  /** First-row images load at once; the rest when scrolled near. */
  priority?: boolean;
  className?: string;
  alt?: string;
}) {
  return (
    <div className={cn('aspect-square overflow-hidden bg-slate-100 dark:bg-slate-800', className)}>
      {product.photo ? (
        <img
          src={product.photo}
          srcSet={srcSetOf(product.photos)}
          sizes={product.photos?.length ? sizes : undefined}
          alt={alt ?? product.name}
          width={640}
          height={640}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          className="h-full w-full object-cover"
        />
      ) : (
        <div
          role="img"
          aria-label={alt ?? product.name}
          className="flex h-full items-center justify-center text-slate-400"
        >
          <TeeIcon className="h-16 w-16" />
        </div>
      )}
    </div>
  );
}
