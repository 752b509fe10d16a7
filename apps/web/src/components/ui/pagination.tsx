/** Previous / page number / Next, enabled by the shared hasNextPage/hasPreviousPage. */
import { PAGE_SIZE } from '@repo/shared/constants';
import { hasNextPage, hasPreviousPage } from '@repo/shared/rules';
import { Button } from './button';

export function Pagination({
  page,
  total,
  onPageChange,
  pageSize = PAGE_SIZE,
  label = 'Pagination',
}: {
  page: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Items a page (the catalog's 12 unless a list has its own). */
  pageSize?: number;
  label?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-3 py-6">
      <Button
        variant="outline"
        disabled={!hasPreviousPage(page)}
        onClick={() => onPageChange(page - 1)}
      >
        <span aria-hidden="true">←</span> Previous
      </Button>
      <p
        className="min-w-24 text-center text-sm text-slate-700 dark:text-slate-300"
        aria-live="polite"
      >
        Page <span className="font-semibold">{page}</span> of {pages}
      </p>
      <Button
        variant="outline"
        disabled={!hasNextPage(page, total, pageSize)}
        onClick={() => onPageChange(page + 1)}
      >
        Next <span aria-hidden="true">→</span>
      </Button>
    </nav>
  );
}
