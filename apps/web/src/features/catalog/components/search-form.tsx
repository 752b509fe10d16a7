/** SPEC §2/§4: search → results stored, keyword reset, go to /Search. A failure is only logged (§8). */
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { searchStore } from '@/lib/storage';
import { cn } from '@/lib/cn';
import { paths } from '@/config/paths';
import { useSearchProducts } from '../api/search-products';

export function SearchForm({
  onDone,
  className = '',
}: {
  onDone?: () => void;
  className?: string;
}) {
  const [keyword, setKeyword] = useState('');
  const id = useId();
  const navigate = useNavigate();
  const search = useSearchProducts({
    onSuccess: ({ data }) => {
      searchStore.set({ keyword: '', results: data });
      setKeyword('');
      onDone?.();
      navigate(paths.search);
    },
    onError: (error) => console.error('Search failed', error),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    search.mutate(keyword);
  }

  return (
    <form role="search" onSubmit={submit} className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        type="search"
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        placeholder="Search products ..."
        autoComplete="off"
        className="w-full min-w-0 rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 max-sm:h-10 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
      />
      <button
        type="submit"
        disabled={search.isPending}
        className="shrink-0 rounded-full bg-brand-600 px-4 py-1.5 text-sm max-sm:h-10 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
      >
        Search
      </button>
    </form>
  );
}
