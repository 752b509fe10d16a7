/** The orders module's public API. */
export { ordersRouter } from './orders.router.js';
export { Order, purchasedItemFields } from './order.model.js';
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
