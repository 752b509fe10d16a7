import { z } from 'zod';
import {
  ORDER_ACTORS,
  ORDER_EVENTS,
  ORDER_STATUSES,
  REFUND_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '../constants/orders.js';
import { COURIERS } from '../rules/orders.js';
import { objectId } from './common.js';
import { orderReturn } from './returns.js';

const COURIER_IDS = COURIERS.map((c) => c.id) as [string, ...string[]];

export const orderStatus = z.enum(ORDER_STATUSES, {
  error: `Status must be one of: ${ORDER_STATUSES.join(', ')}`,
});

export const orderItem = z
  .object({
    /** The product's id (the original `_id`). */
    _id: objectId,
    /** The line's own id: two lines can be the same tee (returns name the line by it). */
    itemId: objectId,
    name: z.string(),
    photo: z.string(),
    price: z.number(),
    cartQuantity: z.number(),
    /** The size bought (orders placed before sizes existed are One size). */
    size: z.string(),
    /** The colour bought, by name; absent on orders placed before colours existed. */
    colour: z.string().optional(),
    /** What happened to the item's stock after payment (taken, or short: the admin must act). */
    stock: z.enum(['pending', 'taking', 'taken', 'short']).optional(),
  })
  .meta({ id: 'OrderItem' });
export type OrderItem = z.infer<typeof orderItem>;

/** The refund of a cancelled paid order, in paise as the provider counts it. */
export const orderRefund = z.object({
  /** The provider's refund id; empty until the provider has answered. */
  id: z.string(),
  amount: z.number(),
  status: z.enum(REFUND_STATUSES),
  createdAt: z.string(),
  /** Why the provider refused it (failed refunds only). */
  failureReason: z.string().optional(),
});
export type OrderRefund = z.infer<typeof orderRefund>;

/** One dated step of an order's life; `by` says who cancelled or changed it. */
export const orderTimelineEntry = z.object({
  event: z.enum(ORDER_EVENTS),
  at: z.string(),
  by: z.enum(ORDER_ACTORS).optional(),
  /** Why the admin moved the order back (a backward move needs one). */
  reason: z.string().optional(),
});
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntry>;

/** The courier (an id of COURIERS) and the tracking number (AWB) an order was shipped with. */
export const orderShipment = z
  .object({
    courier: z.enum(COURIER_IDS, { error: 'Choose the courier' }),
    awb: z
      .string({ error: 'Enter the tracking number (AWB)' })
      .trim()
      .min(1, 'Enter the tracking number (AWB)')
      .max(40, 'The tracking number can be at most 40 characters')
      .regex(/^[A-Za-z0-9-]+$/, 'The tracking number has only letters, digits and hyphens'),
  })
  .meta({ id: 'OrderShipment' });
export type OrderShipment = z.infer<typeof orderShipment>;

/** A tax invoice or credit note issued for an order: its number and when. */
export const taxDocumentRef = z.object({ number: z.string(), issuedAt: z.string() });
export type TaxDocumentRef = z.infer<typeof taxDocumentRef>;

/**
 * What a code and the automatic offer took off the order (issue 36), in rupees: `lines[i]` is
 * what came off `items[i]` (the item paid its price × quantity less that).
 */
export const orderDiscount = z
  .object({
    code: z.string().nullable(),
    /** The offer's headline ("3 for ₹999"). */
    offer: z.string().nullable(),
    amount: z.number(),
    /** Of which the code's and the offer's. */
    codeAmount: z.number(),
    offerAmount: z.number(),
    lines: z.array(z.number()),
  })
  .meta({ id: 'OrderDiscount' });
export type OrderDiscount = z.infer<typeof orderDiscount>;

/** An order as the API returns it; `user` is filled on the admin list. */
export const order = z
  .object({
    _id: objectId,
    status: z.string(),
    /** Rupees: the whole amount, T-shirts and fees. */
    amount: z.number(),
    /** Of which the delivery fee and the cash-on-delivery fee, in rupees. */
    shippingFee: z.number().optional(),
    codFee: z.number().optional(),
    /** What a code or an offer took off (absent or null: paid at list prices). */
    discount: orderDiscount.nullable().optional(),
    /** The latest day it should arrive, as estimated when it was ordered (YYYY-MM-DD, India's calendar). */
    deliveryBy: z.string().nullable().optional(),
    shippingAddress: z.string(),
    items: z.array(orderItem),
    createdAt: z.string(),
    user: z
      .object({ _id: objectId.optional(), name: z.string(), email: z.string(), phone: z.string() })
      .nullable()
      .optional(),
    paymentId: z.string().optional(),
    /** Set when stock ran out between checkout and payment: the admin must act. */
    stockShortage: z.boolean().optional(),
    /** Set once a paid order is cancelled. */
    refund: orderRefund.nullable().optional(),
    /** Second payments for this order (charged twice), each refunded in full by the shop (paise). */
    extraPaymentRefunds: z
      .array(z.object({ refundId: z.string(), amount: z.number(), at: z.string() }))
      .optional(),
    /** Oldest first, starting with the payment. */
    timeline: z.array(orderTimelineEntry).optional(),
    /** Paid without a shipping address to use: the admin must ask the shopper for one. */
    addressNeeded: z.boolean().optional(),
    /** How it is paid and where the money is (older orders: paid online). */
    payment: z
      .object({
        method: z.enum(PAYMENT_METHODS),
        status: z.enum(PAYMENT_STATUSES),
        /** COD: the courier's remittance reference once the cash is collected. */
        reference: z.string().optional(),
        /** COD: when the cash was collected or the parcel came back unpaid. */
        settledAt: z.string().optional(),
      })
      .optional(),
    /** How it was shipped: the courier (an id of COURIERS) and its tracking number. */
    shipment: orderShipment.nullable().optional(),
    /** The tax invoice, once issued (its PDF: GET /orders/{orderId}/invoice). */
    invoice: taxDocumentRef.nullable().optional(),
    /** Credit notes against it, oldest first (PDFs: GET /orders/{orderId}/credit-notes/{n}). */
    creditNotes: z.array(taxDocumentRef).optional(),
    /** Returns and exchanges asked for, oldest first. */
    returns: z.array(orderReturn).optional(),
    /** A replacement shipped at no charge for an exchange: the order and request it is for. */
    exchangeFor: z.object({ orderId: objectId, returnId: objectId }).nullable().optional(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof order>;

export const userOrdersResponse = z.object({
  orders: z.array(order),
  total: z.number().optional(),
});
export type UserOrdersResponse = z.infer<typeof userOrdersResponse>;
export const adminOrdersResponse = z.object({
  success: z.boolean(),
  orders: z.array(order),
  total: z.number().optional(),
});
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponse>;
/** `?page=&limit=` for the admin's order list (newest first). */
export const ordersPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type OrdersPageQuery = z.infer<typeof ordersPageQuery>;
/**
 * The admin's list: `?q=` finds orders by their number ("#08D68A95"), id, or the buyer's name,
 * email or phone (any part of them); `?status=` keeps one status (`pending`: to ship).
 */
export const adminOrdersQuery = ordersPageQuery.extend({
  q: z.string().trim().max(80, 'Search for at most 80 characters').optional(),
  status: orderStatus.optional(),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;
/** The shopper's own list: the latest 100 by default. */
export const userOrdersQuery = ordersPageQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(100),
});
export const orderIdParams = z.object({ orderId: objectId });
/** `/orders/{orderId}/credit-notes/{index}`: the order's first, second… credit note. */
export const creditNoteParams = orderIdParams.extend({
  index: z.coerce.number().int().min(1, 'Credit notes count from 1').max(1000),
});
export type CreditNoteParams = z.infer<typeof creditNoteParams>;
/**
 * The original `status`, with what some changes need: `shipment` when marking an order shipped (the
 * admin's page always sends it; refused with any other status), `reason` for a move back
 * (isBackwardMove: the server refuses one without it), and optionally `from`.
 */
export const updateStatusBody = z
  .object({
    status: orderStatus,
    reason: z
      .string()
      .trim()
      .max(200, 'The reason can be at most 200 characters')
      .optional()
      .transform((r) => r || undefined),
    shipment: orderShipment.optional(),
    /**
     * The status the admin saw (the list marking several orders shipped sends `pending`): the
     * change is refused (409, nothing changed) when the order has moved on since, say cancelled
     * by the shopper or shipped by another admin.
     */
    from: orderStatus.optional().meta({
      description:
        'The status the admin saw: refused (409, nothing changed) when the order is no longer in it.',
    }),
  })
  .refine((b) => !b.shipment || b.status === 'shipped', {
    message: 'Courier and tracking number go only with the status shipped',
    path: ['shipment'],
  });
export type UpdateStatusBody = z.infer<typeof updateStatusBody>;
export const updateStatusResponse = z.object({ success: z.boolean(), order: order.optional() });
export type UpdateStatusResponse = z.infer<typeof updateStatusResponse>;

/**
 * The admin overview: orders and revenue per day, counts per status, and the return requests
 * waiting for the staff's next step.
 */
export const orderOverviewResponse = z.object({
  success: z.boolean(),
  days: z.array(z.object({ date: z.string(), orders: z.number(), revenue: z.number() })),
  statusCounts: z.record(z.string(), z.number()),
  returnsWaiting: z.number(),
});
export type OrderOverviewResponse = z.infer<typeof orderOverviewResponse>;

/** GET /orders/{orderId}: one order, for its owner or an admin. */
export const orderDetailResponse = z.object({ success: z.boolean(), order });
export type OrderDetailResponse = z.infer<typeof orderDetailResponse>;
/** PUT /orders/cancel/{orderId}: the shopper cancels an order that has not shipped. */
export const cancelOrderResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  order,
});
export type CancelOrderResponse = z.infer<typeof cancelOrderResponse>;

/** POST /orders/{orderId}/returns and PUT /orders/returns/{returnId}: the order as it stands now. */
export const returnsResponse = z.object({ success: z.boolean(), order });
export type ReturnsResponse = z.infer<typeof returnsResponse>;

/** GET /orders/returns: the admin's Returns page, newest request first. */
export const adminReturnsResponse = z.object({
  success: z.boolean(),
  returns: z.array(
    z.object({
      orderId: objectId,
      orderNumber: z.string(),
      customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
      createdAt: z.string(),
      request: orderReturn,
    }),
  ),
  total: z.number(),
});
export type AdminReturnsResponse = z.infer<typeof adminReturnsResponse>;
