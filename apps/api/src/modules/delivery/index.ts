/**
 * The delivery module's public API: quotes for a destination (zone, fee, dates, COD at the
 * place) with the settings in effect. It reads the settings module only.
 */
export { deliveryRouter, type CodStandingOf } from './delivery.router.js';
export {
  codRefusalText,
  deliveryEstimate,
  deliveryRules,
  quoteDelivery,
  type DeliveryQuote,
  type DeliveryRules,
} from './delivery.service.js';
