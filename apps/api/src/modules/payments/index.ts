/** The payments module's public API. */
export { paymentsRouter } from './payments.router.js';
export { reconcilePendingCheckouts, startReconciler, type ReconcileSummary } from './reconcile.js';
export { listOlderUnsettled } from './unsettled.js';
