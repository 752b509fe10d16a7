/** Previous / page number / Next, enabled as SPEC §9 says (shared hasNextPage/hasPreviousPage). */
import { PAGE_SIZE } from '@repo/shared/constants';
import { hasNextPage, hasPreviousPage } from '@repo/shared/rules';
import { Button } from './button';

export function Pagination({
  page,
  total,
  onPageChange,
}: {
  page: number;
  total: number;
  onPageChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <nav aria-label="Pagination" className="flex items-center justify-center gap-3 py-6">
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
        disabled={!hasNextPage(page, total)}
        onClick={() => onPageChange(page + 1)}
      >
        Next <span aria-hidden="true">→</span>
      </Button>
    </nav>
  );
}
