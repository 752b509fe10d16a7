/**
 * Search → results stored, go to /Search. The keyword stays in the box and goes in
 * the URL (/Search?q=…), so the results say what was searched and a link or a new tab shows
 * them again. A failure is only logged. A blank search does nothing.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { searchStore } from '@/lib/storage';
import { cn } from '@/lib/cn';
import { paths } from '@/config/paths';
import { searchQueryOptions } from '../api/search-products';

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
  const [searching, setSearching] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // A blank search does nothing: the box keeps the focus for a word.
    if (!keyword.trim()) {
      inputRef.current?.focus();
      return;
    }
    const sent = keyword;
    setSearching(true);
    try {
      // Asked afresh each time; kept under the keyword, where the results page reads them (it
      // searches itself only for one it lacks).
      const response = await queryClient.fetchQuery({ ...searchQueryOptions(sent), staleTime: 0 });
      searchStore.set({
        keyword: '',
        results: response.data,
        searched: sent,
        ...(response.suggestions ? { suggestions: response.suggestions } : {}),
      });
      onDone?.();
      navigate(paths.searchFor(sent));
    } catch (error) {
      console.error('Search failed', error);
    } finally {
      setSearching(false);
    }
  }

  return (
    // A plain form too: sent before the app has taken a server-rendered page over, it opens the
    // results page the server renders (/Search?q=…).
    <form
      role="search"
      action={paths.search}
      method="get"
      onSubmit={submit}
      className={cn('flex items-center gap-2', className)}
    >
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        ref={inputRef}
        type="search"
        name="q"
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        placeholder="Search products ..."
        autoComplete="off"
        className="w-full min-w-0 rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 max-sm:h-10 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
      />
      <button
        type="submit"
        disabled={searching}
        className="shrink-0 rounded-full bg-brand-600 px-4 py-1.5 text-sm max-sm:h-10 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
      >
        Search
      </button>
    </form>
  );
}
