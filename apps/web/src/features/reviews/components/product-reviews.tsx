/**
 * The product page's reviews, below the fold: the summary, the reviews newest or most helpful
 * first (10 a page) with "Helpful" and the buyer's size, and the verified buyer's own review
 * (write, edit, delete) at #write-review, where the review-request mail's link lands.
 */
import { Suspense, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { OwnReview, Review, ReviewSort } from '@repo/shared';
import { REVIEWS_PAGE_SIZE } from '@repo/shared/constants/reviews';
import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { controlClasses } from '@/components/ui/form-field';
import { Pagination } from '@/components/ui/pagination';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { messageOf } from '@/lib/api-client';
import { settle } from '@/lib/outcome';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useReviews } from '../api/get-reviews';
import { useMarkHelpful } from '../api/mark-helpful';
import { useDeleteReview, useMyReview } from '../api/my-review';
import { ReviewBody } from './review-body';
import { ReviewsSummary } from './reviews-summary';

/**
 * The form (with the shared schemas, the form library and the photo checks) loads when a buyer
 * opens it: every shopper's product page takes over without it (a slow phone's main thread is
 * what the page's speed budget spends).
 */
const ReviewForm = lazyWithRetry(() =>
  import('./review-form').then((m) => ({ default: m.ReviewForm })),
);

/** Where the mail's "Review it" link and the delivered order's link land. */
export const WRITE_REVIEW_ANCHOR = 'write-review';

export default function ProductReviews({ productId }: { productId: string }) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ReviewSort>('newest');
  const reviews = useReviews(productId, page, sort);
  const sortId = useId();
  const summary = reviews.data?.summary;

  return (
    <section
      id="reviews"
      aria-labelledby="reviews-heading"
      className="mt-12 flex flex-col gap-6 border-t border-slate-200 pt-8 dark:border-slate-800"
    >
      <h2 id="reviews-heading" className="text-xl font-bold">
        Reviews
      </h2>
      <YourReview productId={productId} />
      {reviews.isPending ? (
        <Loading text="Loading reviews..." />
      ) : reviews.isError || !summary ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The reviews could not be loaded.{' '}
          <Button variant="outline" size="sm" onClick={() => void reviews.refetch()}>
            Try again
          </Button>
        </p>
      ) : summary.count === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          No reviews yet. Buyers can review a tee once it has arrived.
        </p>
      ) : (
        <>
          <ReviewsSummary summary={summary} />
          <div className="flex items-center gap-2">
            <label
              htmlFor={sortId}
              className="shrink-0 text-sm font-medium text-slate-800 dark:text-slate-200"
            >
              Sort by
            </label>
            <select
              id={sortId}
              value={sort}
              onChange={(e) => {
                setSort(e.target.value as ReviewSort);
                setPage(1);
              }}
              // max-w: controlClasses' w-full outranks a w-auto here.
              className={`${controlClasses} max-w-48`}
            >
              <option value="newest">Newest</option>
              <option value="helpful">Most helpful</option>
            </select>
          </div>
          <ul
            className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800"
            aria-busy={reviews.isFetching}
          >
            {reviews.data.reviews.map((r) => (
              <li key={r._id} className="py-4">
                <ReviewBody review={r} />
                <Helpful productId={productId} review={r} />
              </li>
            ))}
          </ul>
          {summary.count > REVIEWS_PAGE_SIZE && (
            <Pagination
              page={page}
              total={summary.count}
              pageSize={REVIEWS_PAGE_SIZE}
              onPageChange={setPage}
              label="Review pages"
            />
          )}
        </>
      )}
    </section>
  );
}

function Helpful({ productId, review }: { productId: string; review: Review }) {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  const mark = useMarkHelpful();
  const label = `Helpful${review.helpful ? ` (${review.helpful})` : ''}`;
  if (!isAuthenticated) {
    return (
      <ButtonLink
        to={paths.login}
        state={{ from: location }}
        variant="ghost"
        size="sm"
        className="mt-2"
      >
        {label}
      </ButtonLink>
    );
  }
  return (
    <Button
      variant="ghost"
      size="sm"
      className="mt-2"
      aria-pressed={review.votedHelpful}
      disabled={review.votedHelpful}
      loading={mark.isPending}
      onClick={() =>
        mark.mutate(
          { productId, reviewId: review._id },
          { onError: (error) => toast.error(messageOf(error, 'Something went wrong')) },
        )
      }
    >
      {review.votedHelpful ? `${label} · You found this helpful` : label}
    </Button>
  );
}

const STATUS_NOTES: Record<OwnReview['status'], string> = {
  published: 'Your review is published.',
  held: 'Your review will appear once the shop has read it.',
  hidden: 'The shop has hidden your review. You can edit it and it will be read again.',
};

const noSubscription = () => () => {};
const isBrowser = () => true;
const isServer = () => false;

/** The verified buyer's own review: a button to write one, or theirs with Edit and Delete. */
function YourReview({ productId }: { productId: string }) {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  // The server never sees the URL's hash: a page it rendered takes it into account only once
  // taken over, so the first render in the browser is the server's.
  const taken = useSyncExternalStore(noSubscription, isBrowser, isServer);
  const invited = taken && location.hash === `#${WRITE_REVIEW_ANCHOR}`;
  const mine = useMyReview(productId, { enabled: isAuthenticated });
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteReview();
  const data = mine.data;

  // The mail's link opens the form (once the page knows they may write one).
  useEffect(() => {
    if (invited && data?.purchase) {
      setEditing(true);
      document.getElementById(WRITE_REVIEW_ANCHOR)?.scrollIntoView();
    }
  }, [invited, data?.purchase]);

  let content: React.ReactNode = null;
  if (!isAuthenticated) {
    content = invited ? (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <Link
          to={paths.login}
          state={{ from: location }}
          className="font-semibold text-brand-700 underline dark:text-brand-100"
        >
          Log in
        </Link>{' '}
        to review this T-shirt.
      </p>
    ) : null;
  } else if (data && !data.purchase) {
    content = invited ? (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Only customers who have received this T-shirt can review it.
      </p>
    ) : null;
  } else if (data?.purchase) {
    const review = data.review;
    content = editing ? (
      <Suspense fallback={<Loading text="Loading the review form..." />}>
        <ReviewForm
          productId={productId}
          size={data.purchase.size}
          current={review}
          onDone={() => setEditing(false)}
        />
      </Suspense>
    ) : review ? (
      <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 p-4 dark:border-slate-700">
        <h3 className="font-semibold text-slate-900 dark:text-white">Your review</h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">{STATUS_NOTES[review.status]}</p>
        <ReviewBody review={review} />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            Edit your review
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        </div>
      </div>
    ) : (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          You bought this tee. How does it fit?
        </p>
        <Button onClick={() => setEditing(true)}>Write a review</Button>
      </div>
    );
  }

  return (
    <div id={WRITE_REVIEW_ANCHOR} className="scroll-mt-24">
      {content}
      {deleting && (
        <ConfirmDialog
          title="Delete your review?"
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          onCancel={() => setDeleting(false)}
          onConfirm={async () => {
            const answer = await settle(remove.mutateAsync(productId), {
              refused: 'Your review could not be deleted',
              exception: 'Something went wrong',
            });
            setDeleting(false);
            if (answer) toast.success(answer.message);
          }}
        >
          It disappears from the product page, with its photos.
        </ConfirmDialog>
      )}
    </div>
  );
}
