/** The orders module's public API (its model stays inside). */
export { ordersRouter } from './orders.router.js';
export {
  discountSchema,
  purchasedItemFields,
  type LeanOrder,
  type StoredDiscount,
} from './order.model.js';
export { recordPaidOrder, backfillOrderNumbers, type PaidOrderInput } from './record-order.js';
export { backfillItemIds } from './item-ids.js';
export { releaseEndedExchangeHolds, returnStockJob } from './return-stock.js';
export { finishStockTakes, newStockClaim, takeStock, type StockClaim } from './order-stock.js';
export { orderMailFooter, sendOrderConfirmation, statusMailsSent } from './notices.js';
export { ordersShowPhoto, toOrderDto } from './order-reads.js';
export { codOrderByKey, codStanding, placeCodOrder } from './cod-orders.js';
export { recordRefundState, reconcileRefunds, type RefundReconcileSummary } from './refunds.js';
export {
  claimOrderMail,
  deliveredOrdersAwaiting,
  deliveredPurchase,
  type DeliveredOrder,
  type DeliveredPurchase,
} from './purchases.js';
export { invoiceOrder, paidOrderSettings, taxDocumentsJob } from './invoices.js';
export { discountTotals, isFirstOrder } from './order-discounts.js';
export { tellStrayPaymentRefunded, type StrayPaymentRefund } from './extra-payments.js';
