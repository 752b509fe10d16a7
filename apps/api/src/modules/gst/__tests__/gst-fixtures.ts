/** Test helpers: a seller whose details are filled in, and orders' invoice subjects. */
import { Types } from 'mongoose';
import { gstSettings, orderTax, type GstSettings } from '@repo/shared';
import { invoiceLines, type InvoiceSubject } from '../index.js';

/** A Karnataka seller (GSTIN with a valid check character). */
export const seller: GstSettings = gstSettings.parse({
  legalName: 'Bright Threads Private Limited',
  address: '4th Floor, 80 Feet Road, Koramangala, Bengaluru 560034',
  state: 'Karnataka',
  gstin: '29AAGCB7383J1Z4',
});

export const AFTER_CHANGE = new Date('2026-11-05T10:00:00+05:30');

/** An order's subject: its lines taxed by the shared rules on `at`. */
export function subject(
  lines: Array<{ name: string; paidPaise: number; quantity: number }>,
  buyer: Partial<InvoiceSubject['buyer']> = {},
  options: { at?: Date; deliveryPaise?: number; orderId?: string } = {},
): InvoiceSubject {
  const tax = orderTax({
    at: options.at ?? AFTER_CHANGE,
    lines,
    charges: [{ kind: 'delivery', paidPaise: options.deliveryPaise ?? 0 }],
  });
  const orderId = options.orderId ?? String(new Types.ObjectId());
  return {
    orderId,
    orderNumber: orderId.slice(-8).toUpperCase(),
    buyer: {
      name: 'Asha Rao',
      address: '7 Lake Road, Pune 411001',
      state: 'Maharashtra',
      gstin: '',
      ...buyer,
    },
    lines: invoiceLines(
      lines.map((l) => ({ description: l.name, quantity: l.quantity })),
      tax,
    ),
  };
}
