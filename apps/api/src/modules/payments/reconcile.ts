/**
 * Reconciliation: a checkout still pending after a while (the shopper closed the browser, the
 * webhook never came) is settled by asking the provider for the order's payments. A captured
 * payment completes it through the one completion path; none after a day marks it failed.
 * The timer also settles refunds still pending (orders module, reconcileRefunds) and those of
 * payments to settle (unsettled.ts).
 */
import type { AppDeps } from '../../lib/types.js';
import { reconcileRefunds } from '../orders/index.js';
import { Checkout } from './checkout.model.js';
import {
  captureMatchesCheckout,
  completeCheckout,
  type LeanCheckout,
} from './payment-completion.js';
import { reconcileUnsettledRefunds } from './unsettled.js';

export const RECONCILE_DEFAULTS = {
  /** Leave the shopper time to finish paying in the dialog. */
  olderThanMs: 15 * 60_000,
  /** Razorpay orders can still be paid for a while; after a day nobody will. */
  giveUpAfterMs: 24 * 3_600_000,
  limit: 200,
};

export interface ReconcileSummary {
  checked: number;
  completed: number;
  failed: number;
  /** Captured for another amount or currency than the checkout's: left to the admin. */
  flagged: number;
  errors: number;
}

export async function reconcilePendingCheckouts(
  deps: AppDeps,
  options: Partial<typeof RECONCILE_DEFAULTS> & { now?: Date } = {},
): Promise<ReconcileSummary> {
  const { olderThanMs, giveUpAfterMs, limit } = { ...RECONCILE_DEFAULTS, ...options };
  const now = options.now ?? new Date();
  const pending = await Checkout.find({
    status: 'pending',
    createdAt: { $lte: new Date(now.getTime() - olderThanMs) },
  })
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
      } else if (now.getTime() - checkout.createdAt.getTime() >= giveUpAfterMs) {
        // Only a pending checkout becomes failed: a paid one never moves back.
        const res = await Checkout.updateOne(
          { _id: checkout._id, status: 'pending' },
          { $set: { status: 'failed' } },
        );
        summary.failed += res.modifiedCount;
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

/** Runs reconciliation every RECONCILE_INTERVAL_MS (off when 0); returns the stop function. */
export function startReconciler(deps: AppDeps): () => void {
  const every = deps.config.payments.reconcileIntervalMs;
  if (!every) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    reconcilePendingCheckouts(deps)
      .then(async (s) => {
        if (s.checked) deps.logger.info(s, 'reconciled pending checkouts');
        const r = await reconcileRefunds(deps);
        if (r.checked) deps.logger.info(r, 'reconciled pending refunds');
        const u = await reconcileUnsettledRefunds(deps);
        if (u.checked) deps.logger.info(u, 'reconciled refunds of payments to settle');
      })
      .catch((err: unknown) => deps.logger.error({ err }, 'reconciliation failed'))
      .finally(() => {
        running = false;
      });
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}
