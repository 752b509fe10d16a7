/**
 * Reconciliation: a checkout still pending after a while (the shopper closed the browser, the
 * webhook never came, the process answering verify-payment died) is settled by asking the
 * provider for the order's payments. A captured payment completes it through the one
 * completion path; none after a day marks it failed. Each checkout says when it is next due
 * (`checkAt`): 15 minutes after it was made; one pass after a payment for it was reported
 * (verify-payment, the sandbox's pay), so a payment whose process died mid-way becomes its
 * order promptly; and, while the provider has no payment, when its age has doubled, so an
 * abandoned checkout is asked about a handful of times in its day, not at every pass.
 *
 * The same pass finishes the stock of paid orders a stopped process left half-taken
 * (orders module, finishStockTakes). A slower pass settles refunds still pending (orders
 * module, reconcileRefunds) and those of payments to settle (unsettled.ts).
 *
 * Both run as jobs (lib/jobs.ts): one copy of the shop at a time, however many run.
 */
import type { Job } from '../../lib/jobs.js';
import type { AppDeps } from '../../lib/types.js';
import { finishStockTakes, reconcileRefunds } from '../orders/index.js';
import { Checkout, FIRST_CHECK_MS } from './checkout.model.js';
import {
  captureMatchesCheckout,
  completeCheckout,
  type LeanCheckout,
} from './payment-completion.js';
import { reconcileUnsettledRefunds } from './unsettled.js';

export const RECONCILE_DEFAULTS = {
  /** Razorpay orders can still be paid for a while; after a day nobody will. */
  giveUpAfterMs: 24 * 3_600_000,
  limit: 200,
};

/** The refunds' pass runs once every this many of the payments' passes. */
export const REFUND_PASS_EVERY = 10;

export interface ReconcileSummary {
  checked: number;
  completed: number;
  failed: number;
  /** Captured for another amount or currency than the checkout's: left to the admin. */
  flagged: number;
  errors: number;
}

/** Pending checkouts due a check: their `checkAt` has come, or (older ones) their age. */
const dueCheckouts = (now: Date) => ({
  status: 'pending' as const,
  $or: [
    { checkAt: { $lte: now } },
    { checkAt: null, createdAt: { $lte: new Date(now.getTime() - FIRST_CHECK_MS) } },
  ],
});

export async function reconcilePendingCheckouts(
  deps: AppDeps,
  options: Partial<typeof RECONCILE_DEFAULTS> & { now?: Date; signal?: AbortSignal } = {},
): Promise<ReconcileSummary> {
  const { giveUpAfterMs, limit } = { ...RECONCILE_DEFAULTS, ...options };
  const now = options.now ?? deps.now();
  const pending = await Checkout.find(dueCheckouts(now))
    .sort({ createdAt: 1 })
    .limit(limit)
    .lean<LeanCheckout[]>();

  const summary: ReconcileSummary = {
    checked: 0,
    completed: 0,
    failed: 0,
    flagged: 0,
    errors: 0,
  };
  for (const checkout of pending) {
    if (options.signal?.aborted) break;
    summary.checked += 1;
    try {
      const payments = await deps.payments.fetchOrderPayments(checkout.providerOrderId);
      const captured = payments.find((p) => p.status === 'captured');
      const matches =
        captured &&
        (await captureMatchesCheckout(deps, checkout, {
          paymentId: captured.id,
          amountPaise: captured.amount,
          currency: captured.currency,
        }));
      const age = now.getTime() - checkout.createdAt.getTime();
      if (captured && !matches) {
        summary.flagged += 1;
      } else if (captured) {
        const done = await completeCheckout(deps, {
          checkout,
          paymentId: captured.id,
          contact: { email: captured.email, phone: captured.contact },
        });
        await done.confirmation;
        summary.completed += 1;
      } else if (age >= giveUpAfterMs) {
        // Only a pending checkout becomes failed: a paid one never moves back.
        const res = await Checkout.updateOne(
          { _id: checkout._id, status: 'pending' },
          { $set: { status: 'failed' } },
        );
        summary.failed += res.modifiedCount;
      } else {
        // Asked again once its age has doubled (and once more at the end of its day).
        const next = checkout.createdAt.getTime() + Math.min(2 * age, giveUpAfterMs);
        await Checkout.updateOne(
          { _id: checkout._id, status: 'pending' },
          { $set: { checkAt: new Date(Math.max(next, now.getTime() + 1)) } },
        );
      }
    } catch (err) {
      summary.errors += 1;
      deps.logger.error(
        { err, providerOrderId: checkout.providerOrderId },
        'reconciling a checkout failed',
      );
    }
  }
  return summary;
}

/**
 * A payment for the checkout of `providerOrderId` was reported (verify-payment, the sandbox's
 * pay): reconciliation asks about it at the pass after next, should the process completing it
 * die first. Answers the checkout as it is now (null when unknown).
 */
export async function paymentReported(
  deps: AppDeps,
  providerOrderId: string,
): Promise<LeanCheckout | null> {
  const checkAt = new Date(deps.now().getTime() + reportedGraceMs(deps));
  const reported = await Checkout.findOneAndUpdate(
    { providerOrderId, status: 'pending' },
    { $set: { checkAt } },
    { returnDocument: 'after' },
  ).lean<LeanCheckout>();
  return reported ?? Checkout.findOne({ providerOrderId }).lean<LeanCheckout>();
}

/** One pass: long enough for the completion under way to end first. */
const reportedGraceMs = (deps: AppDeps) => deps.config.payments.reconcileIntervalMs || 30_000;

/**
 * The jobs of reconciliation, every RECONCILE_INTERVAL_MS (none when 0): the payments' pass
 * (checkouts due a check, stock left half-taken) and, every REFUND_PASS_EVERY of those, the
 * refunds' (refunds are asked about after 15 minutes, then at every pass until settled).
 */
export function reconcileJobs(deps: AppDeps): Job[] {
  const every = deps.config.payments.reconcileIntervalMs;
  if (!every) return [];
  return [
    {
      name: 'reconcile-payments',
      everyMs: every,
      async run({ now, signal }) {
        const s = await reconcilePendingCheckouts(deps, { now: new Date(now()), signal });
        if (s.checked) deps.logger.info(s, 'reconciled pending checkouts');
        if (!signal.aborted) await finishStockTakes(deps, { now });
      },
    },
    {
      name: 'reconcile-refunds',
      everyMs: every * REFUND_PASS_EVERY,
      async run({ now, signal }) {
        const r = await reconcileRefunds(deps, { now: new Date(now()) });
        if (r.checked) deps.logger.info(r, 'reconciled pending refunds');
        if (signal.aborted) return;
        const u = await reconcileUnsettledRefunds(deps, { now: new Date(now()) });
        if (u.checked) deps.logger.info(u, 'reconciled refunds of payments to settle');
      },
    },
  ];
}
