/**
 * The background jobs every serving copy runs (lib/jobs.ts: each done once however many copies
 * run, under a lease of its name), on the app's clock (`deps.now`, which tests set): the leases'
 * times and each run's `now` (the windows of reconciliation) read it, never the machine's.
 */
import { Jobs } from './lib/jobs.js';
import { MAIL_POLL_MS } from './lib/mailer/queue.js';
import type { AppDeps } from './lib/types.js';
import { returnStockJob, taxDocumentsJob } from './modules/orders/index.js';
import { reconcileJobs } from './modules/payments/index.js';
import { couponJobs } from './modules/coupons/index.js';
import { reviewRequestJob } from './modules/reviews/index.js';
import { backInStockJob } from './modules/back-in-stock/index.js';

export function backgroundJobs(deps: AppDeps): Jobs {
  const jobs = new Jobs({ logger: deps.logger, now: () => deps.now().getTime() });
  // Reconciliation (RECONCILE_INTERVAL_MS; off when 0) and the coupons' upkeep.
  for (const job of [...reconcileJobs(deps), ...couponJobs(deps)]) jobs.add(job);
  // The mail queue's poll: retries, and mail a stopped process left.
  jobs.add({ name: 'mail-queue', everyMs: MAIL_POLL_MS, run: () => deps.mailer.runDue() });
  // Asks buyers for a review some days after delivery (each order once).
  jobs.add(reviewRequestJob(deps));
  jobs.add(taxDocumentsJob(deps));
  // Mails each "Notify me" once its colour and size is back in stock.
  jobs.add(backInStockJob(deps));
  // The stock of returns and exchanges a stopped process left owed (held sizes, pieces sent back).
  jobs.add(returnStockJob(deps));
  return jobs;
}
