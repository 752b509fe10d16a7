/** Previous / Next over a paged admin list, shown only when there is more than one page. */
import { buttonClass } from './styles';

export function Pager({
  page,
  total,
  limit,
  onPage,
  label,
}: {
  page: number;
  total: number | undefined;
  limit: number;
  onPage: (page: number) => void;
  label: string;
}) {
  if (total === undefined || total <= limit) return null;
  const pages = Math.ceil(total / limit);
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 pt-2">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} className={buttonClass.secondary}>
        Previous
      </button>
      <span className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
        Page {page} of {pages}
      </span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)} className={buttonClass.secondary}>
        Next
      </button>
    </nav>
  );
}
