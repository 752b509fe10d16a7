/**
 * SPEC §2/§4: search → results stored, go to /Search. The keyword stays in the box and goes in
 * the URL (/Search?q=…), so the results say what was searched and a link or a new tab shows
 * them again. A failure is only logged (§8). A blank search does nothing.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { searchStore } from '@/lib/storage';
import { cn } from '@/lib/cn';
import { paths } from '@/config/paths';
import { searchQueryOptions, useSearchProducts } from '../api/search-products';

export function SearchForm({
  onDone,
  className = '',
}: {
  onDone?: () => void;
  className?: string;
}) {
  const location = useLocation();
  const [params] = useSearchParams();
  // On a results page the box shows what was searched (also after back/forward or a link).
  const searched = location.pathname === paths.search ? params.get('q') : null;
  const [keyword, setKeyword] = useState(searched ?? '');
  const [shown, setShown] = useState(searched);
  if (searched !== shown) {
    setShown(searched);
    if (searched !== null) setKeyword(searched);
  }
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const search = useSearchProducts({
    onSuccess: (response, sent) => {
      // The results page reads them by keyword (it searches itself only for one it lacks).
      queryClient.setQueryData(searchQueryOptions(sent).queryKey, response);
      searchStore.set({
        keyword: '',
        results: response.data,
        searched: sent,
        ...(response.suggestions ? { suggestions: response.suggestions } : {}),
      });
      onDone?.();
      navigate(paths.searchFor(sent));
    },
    onError: (error) => console.error('Search failed', error),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    // A blank search does nothing: the box keeps the focus for a word.
    if (!keyword.trim()) {
      inputRef.current?.focus();
      return;
    }
    search.mutate(keyword);
  }

  return (
    <form role="search" onSubmit={submit} className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        ref={inputRef}
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
