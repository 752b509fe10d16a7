/** /Search (SPEC §2): the stored results of the last search. */
import { useEffect } from 'react';
import { addToCartWithToast } from '@/features/cart/use-cart';
import { CatalogProducts } from '@/features/catalog/components/catalog-products';
import { searchStore, useStore } from '@/lib/storage';
import { useTitle } from '@/lib/use-title';

export default function SearchPage() {
  useTitle('Search Results');
  const { results } = useStore(searchStore);

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [results]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Search Results</h1>
      <p className="mt-1 mb-5 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {results.length < 1 ? 'No products found.' : `Found ${results.length} ${results.length === 1 ? 'product' : 'products'}`}
      </p>
      {results.length > 0 && <CatalogProducts products={results} loading={false} onAddToCart={addToCartWithToast} label="Search results" />}
    </div>
  );
}
