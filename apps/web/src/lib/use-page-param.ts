/** The list page in the URL (?page=2), so a paged admin list survives reloads and the back button. */
import { useSearchParams } from 'react-router-dom';

export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  function setPage(next: number) {
    setParams((p) => {
      const copy = new URLSearchParams(p);
      if (next <= 1) copy.delete('page');
      else copy.set('page', String(next));
      return copy;
    });
    window.scrollTo?.({ top: 0 });
  }
  return [page, setPage];
}
