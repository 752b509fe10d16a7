/** The orders module's public API (its model stays inside). */
export { ordersRouter } from './orders.router.js';
export { purchasedItemFields } from './order.model.js';
export {
  recordPaidOrder,
  takeStock,
  sendOrderConfirmation,
  statusMailsSent,
  ordersShowPhoto,
  backfillOrderNumbers,
  type LeanOrder,
  type PaidOrderInput,
} from './orders.service.js';
export { recordRefundState, reconcileRefunds, type RefundReconcileSummary } from './refunds.js';
