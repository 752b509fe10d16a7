/** The payments module's public API. */
export { paymentsRouter } from './payments.router.js';
export { codRouter } from './cod.router.js';
export { reconcileJobs, reconcilePendingCheckouts, type ReconcileSummary } from './reconcile.js';
export { listOlderUnsettled } from './unsettled.js';
