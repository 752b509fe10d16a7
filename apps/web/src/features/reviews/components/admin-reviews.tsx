/**
 * The admin's Reviews page: reviews waiting for the admin (held) first, or the published, the
 * hidden or all, newest first and paged; each with its product, author, why it was held,
 * Publish or Hide, and the shop's public reply. Changes say so in a toast.
 */
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { AdminReview, ReviewStatus } from '@repo/shared';
import { REVIEWS_PAGE_SIZE, REVIEW_REPLY_MAX } from '@repo/shared/constants/reviews';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { controlClasses } from '@/components/ui/form-field';
import { Pagination } from '@/components/ui/pagination';
import { Loading } from '@/components/ui/spinner';
import { cardClass } from '@/components/ui/styles';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { settle, useLoadFailure } from '@/lib/outcome';
import { toast } from '@/lib/toast';
import { usePageParam } from '@/lib/use-page-param';
import { useAdminReviews, useReplyToReview, useSetReviewStatus } from '../api/admin-reviews';
import { ReviewBody } from './review-body';

const FILTERS: Array<{ status: ReviewStatus | ''; label: string }> = [
  { status: 'held', label: 'Waiting' },
  { status: 'published', label: 'Published' },
  { status: 'hidden', label: 'Hidden' },
  { status: '', label: 'All' },
];
const STATUS_LABELS: Record<ReviewStatus, string> = {
  held: 'Waiting for you',
  published: 'Published',
  hidden: 'Hidden',
};
const STATUS_CLASSES: Record<ReviewStatus, string> = {
  held: 'bg-yellow-100 text-yellow-900 ring-yellow-300 dark:bg-yellow-400/15 dark:text-yellow-200 dark:ring-yellow-400/40',
  published:
    'bg-green-100 text-green-900 ring-green-300 dark:bg-green-400/15 dark:text-green-200 dark:ring-green-400/40',
  hidden:
    'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-400/15 dark:text-slate-200 dark:ring-slate-400/40',
};

function statusParam(value: string | null): ReviewStatus | '' {
  if (value === 'all') return '';
  return value === 'published' || value === 'hidden' ? value : 'held';
}

export function AdminReviews() {
  const [params, setParams] = useSearchParams();
  const status = statusParam(params.get('status'));
  const [page, setPage] = usePageParam();
  const reviews = useAdminReviews(status, page);
  useLoadFailure(reviews, 'admin reviews');

  function choose(next: ReviewStatus | '') {
    setParams((p) => {
      const copy = new URLSearchParams(p);
      copy.delete('page');
      if (next === 'held') copy.delete('status');
      else copy.set('status', next || 'all');
      return copy;
    });
  }

  const list = reviews.data?.reviews ?? [];
  const total = reviews.data?.total ?? 0;
  return (
    <div className="flex flex-col gap-4">
      <div role="group" aria-label="Show reviews" className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Button
            key={f.label}
            size="sm"
            variant={f.status === status ? 'secondary' : 'outline'}
            aria-pressed={f.status === status}
            onClick={() => choose(f.status)}
          >
            {f.label}
          </Button>
        ))}
      </div>
      {reviews.isPending ? (
        <Loading text="Loading reviews..." />
      ) : list.length === 0 ? (
        <EmptyState
          title={status === 'held' ? 'No reviews are waiting for you.' : 'No reviews found.'}
        />
      ) : (
        <>
          <ul className="flex flex-col gap-4">
            {list.map((r) => (
              <li key={r._id}>
                <AdminReviewCard review={r} />
              </li>
            ))}
          </ul>
          {total > REVIEWS_PAGE_SIZE && (
            <Pagination
              page={page}
              total={total}
              pageSize={REVIEWS_PAGE_SIZE}
              onPageChange={setPage}
            />
          )}
        </>
      )}
    </div>
  );
}

const failure = { refused: 'Something went wrong', exception: 'Something went wrong' };

function AdminReviewCard({ review }: { review: AdminReview }) {
  const titleId = useId();
  const setStatus = useSetReviewStatus();
  const next = review.status === 'published' ? 'hidden' : 'published';

  async function changeStatus() {
    const answer = await settle(
      setStatus.mutateAsync({ reviewId: review._id, status: next }),
      failure,
    );
    if (answer) toast.success(answer.message);
  }

  return (
    <article aria-labelledby={titleId} className={`${cardClass} flex flex-col gap-3 p-4`}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold text-slate-900 dark:text-white">
            {review.productSlug ? (
              <Link
                to={paths.productDetail(review.productSlug)}
                className="hover:text-brand-700 hover:underline dark:hover:text-brand-100"
              >
                {review.productName}
              </Link>
            ) : (
              review.productName
            )}
          </h3>
          <p className="text-sm break-all text-slate-500 dark:text-slate-400">{review.userEmail}</p>
        </div>
        <span
          className={cn(
            'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
            STATUS_CLASSES[review.status],
          )}
        >
          {STATUS_LABELS[review.status]}
        </span>
      </header>
      {review.status === 'held' && review.heldFor.length > 0 && (
        <p className="rounded-lg bg-yellow-50 px-3 py-2 text-sm text-yellow-900 dark:bg-yellow-400/10 dark:text-yellow-100">
          Held for: {review.heldFor.join(', ')}
        </p>
      )}
      <ReviewBody review={review} />
      <div className="flex flex-wrap items-start gap-3 border-t border-slate-200 pt-3 dark:border-slate-700">
        <Button
          size="sm"
          variant={next === 'published' ? 'primary' : 'outline'}
          loading={setStatus.isPending}
          onClick={() => void changeStatus()}
          aria-label={`${next === 'published' ? 'Publish' : 'Hide'} the review by ${review.author}`}
        >
          {next === 'published' ? 'Publish' : 'Hide'}
        </Button>
        <ReplyForm review={review} />
      </div>
    </article>
  );
}

function ReplyForm({ review }: { review: AdminReview }) {
  const id = useId();
  const reply = useReplyToReview();
  const [text, setText] = useState(review.reply?.text ?? '');
  const [error, setError] = useState<string | undefined>();

  async function save(e: React.FormEvent) {
    e.preventDefault();
    const answer = await settle(
      reply.mutateAsync({ reviewId: review._id, text }),
      failure,
      (errors) => setError(errors.text),
    );
    if (answer) toast.success(answer.message);
  }

  return (
    <form onSubmit={(e) => void save(e)} className="flex min-w-64 flex-1 flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        Public reply
      </label>
      <textarea
        id={id}
        value={text}
        maxLength={REVIEW_REPLY_MAX}
        rows={2}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={controlClasses}
        placeholder="Thank the buyer, or answer their question"
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div>
        <Button
          type="submit"
          size="sm"
          variant="outline"
          loading={reply.isPending}
          disabled={text.trim() === (review.reply?.text ?? '')}
        >
          {review.reply && !text.trim() ? 'Remove reply' : 'Save reply'}
        </Button>
      </div>
    </form>
  );
}
