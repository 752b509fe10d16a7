/**
 * The serving copies' background jobs (background-jobs.ts) run on the app's clock (`deps.now`),
 * never the machine's: the leases' times and each run's window (here reconciliation's: a refund
 * of a payment to settle is asked about once it is 15 minutes old) follow an injected clock.
 */
import { describe, expect, it } from 'vitest';
import { backgroundJobs } from '../background-jobs.js';
import { Lease } from '../lib/lease.js';
import type { PaymentGateway } from '../lib/payment-gateway/index.js';
import { Checkout } from '../modules/payments/checkout.model.js';
import { REFUND_PASS_EVERY } from '../modules/payments/reconcile.js';
import { UNSETTLED_RECONCILE_DEFAULTS } from '../modules/payments/unsettled.js';
import { setupTestApp } from '../test/harness.js';

const MINUTE = 60_000;
const EVERY_MS = 30_000;
/** Years from the machine's time: a job reading Date.now() would see nothing due. */
let now = new Date('2031-03-04T05:06:07.000Z');
const asked: string[] = [];
const t = await setupTestApp({
  env: { RECONCILE_INTERVAL_MS: String(EVERY_MS) },
  overrides: (deps) => ({ now: () => now, payments: counting(deps.payments) }),
});

function counting(gateway: PaymentGateway): PaymentGateway {
  return {
    ...gateway,
    async fetchRefunds(paymentId) {
      asked.push(paymentId);
      return gateway.fetchRefunds(paymentId);
    },
  };
}

/** A checkout paid twice whose second payment's refund the provider took on `ago` ms before now. */
const refundAsked = (name: string, ago: number) =>
  Checkout.collection.insertOne({
    provider: t.deps.payments.provider,
    providerOrderId: `order_clock_${name}`,
    receipt: `rcpt_${name}`,
    user: null,
    items: [],
    amount: 499,
    amountPaise: 49900,
    currency: 'INR',
    status: 'paid',
    paymentId: `pay_${name}_first`,
    extraPayments: [`pay_${name}_second`],
    paymentRefunds: [
      {
        paymentId: `pay_${name}_second`,
        id: `rfnd_${name}`,
        amountPaise: 49900,
        status: 'pending',
        failureReason: '',
        createdAt: new Date(now.getTime() - ago),
        askedAt: new Date(now.getTime() - ago),
      },
    ],
    unsettledSince: new Date(now.getTime() - ago),
    settleRev: 1,
    createdAt: new Date(now.getTime() - ago),
    updatedAt: new Date(now.getTime() - ago),
  });

describe('background jobs', () => {
  it("run on the app's clock: the reconciliation window and the next runs are counted from it", async () => {
    const { olderThanMs } = UNSETTLED_RECONCILE_DEFAULTS;
    await refundAsked('old', olderThanMs + MINUTE);
    await refundAsked('recent', olderThanMs - MINUTE);

    const jobs = backgroundJobs(t.deps);
    await jobs.tick();
    // Only the refund older than the window by the app's clock is asked about.
    expect(asked).toEqual(['pay_old_second']);
    const lease = await Lease.findById('reconcile-payments').lean();
    expect(lease?.nextRunAt).toEqual(new Date(now.getTime() + EVERY_MS));

    // Two minutes on (by the app's clock) the other has come of age, but the refunds' pass is
    // not due again before its interval; once that has passed, it is asked about.
    asked.length = 0;
    now = new Date(now.getTime() + 2 * MINUTE);
    await jobs.tick();
    expect(asked).toEqual([]);
    now = new Date(now.getTime() + EVERY_MS * REFUND_PASS_EVERY);
    await jobs.tick();
    expect(asked).toContain('pay_recent_second');
    await jobs.stop();
  });
});
