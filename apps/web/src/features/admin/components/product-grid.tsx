/** Every product as a card linking to its update page (SPEC: 2 to 4 columns by width). */
import { Link } from 'react-router-dom';
import type { Product } from '@repo/shared';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useProducts } from '../api/get-products';
import { formatRupees } from '../lib/format';
import { useLoadFailure } from '../lib/outcome';

function srcSet(product: Product): string | undefined {
  return product.photos?.length ? product.photos.map((p) => `${p.url} ${p.width}w`).join(', ') : undefined;
}

function ProductCard({ product }: { product: Product }) {
  return (
    <li>
      <Link
        to={paths.adminProduct(product.slug)}
        className="group flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md dark:border-slate-700 dark:bg-slate-900"
      >
        <div className="aspect-square overflow-hidden bg-slate-100 dark:bg-slate-800">
          <img
            src={product.photo}
            srcSet={srcSet(product)}
            sizes="(min-width: 1280px) 20vw, (min-width: 768px) 30vw, 50vw"
            alt={product.name}
            loading="lazy"
            className="h-full w-full object-cover transition-transform group-hover:scale-105"
          />
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3">
          <h3 className="line-clamp-1 font-semibold text-slate-900 dark:text-white">{product.name}</h3>
          <p className="line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{product.description}</p>
          <p className="mt-auto flex flex-wrap items-baseline justify-between gap-x-2 pt-1">
            <span className="font-bold text-slate-900 dark:text-white">{formatRupees(product.price)}</span>
            <span className="text-xs text-slate-500 dark:text-slate-400">{product.quantity} in stock</span>
          </p>
        </div>
      </Link>
    </li>
  );
}

export function ProductGrid() {
  const products = useProducts();
  useLoadFailure(products, 'products', { refused: 'Failed to fetch products', error: 'Error while fetching products' });

  if (products.isPending) return <Loading text="Loading products..." />;
  const list = products.data?.success ? products.data.AllProducts : [];
  if (list.length === 0) {
    return <p className="py-8 text-center text-slate-500 dark:text-slate-400">No products found.</p>;
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4">
      {list.map((p) => (
        <ProductCard key={p._id} product={p} />
      ))}
    </ul>
  );
}
