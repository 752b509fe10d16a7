/** SPEC §2/§4: search → results stored, keyword reset, go to /Search. */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SearchResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { searchStore } from '@/lib/storage';
import { paths } from '@/config/paths';

export function SearchForm({ onDone, className = '' }: { onDone?: () => void; className?: string }) {
  const [keyword, setKeyword] = useState('');
  const navigate = useNavigate();

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const { data } = await api.get<SearchResponse>(`/product/search/${encodeURIComponent(keyword)}`);
      searchStore.set({ keyword: '', results: data });
      setKeyword('');
      onDone?.();
      navigate(paths.search);
    } catch (error) {
      // SPEC §8: a search failure is only logged.
      console.error('Search failed', error);
    }
  }

  return (
    <form role="search" onSubmit={submit} className={`flex items-center gap-2 ${className}`}>
      <label htmlFor="site-search" className="sr-only">
        Search products
      </label>
      <input
        id="site-search"
        type="search"
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        placeholder="Search products ..."
        className="w-full min-w-0 rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
      />
      <button
        type="submit"
        className="rounded-full bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
      >
        Search
      </button>
    </form>
  );
}
