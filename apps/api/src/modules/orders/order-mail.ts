/**
 * The mails about an order: confirmed, shipped, delivered, cancelled and refund processed. Their
 * HTML is the reset mail's frame (lib/mailer/html.ts); the text part says the same. Each ends
 * with the footer (lib/mailer/footer.ts): the order page and the shop's support contact.
 */
import {
  courierById,
  formatDeliveryDay,
  formatRupees,
  orderNumber,
  paiseToRupees,
  REFUND_ARRIVAL,
  trackingUrl,
  variantLabel,
} from '@repo/shared';
import type { MailFooter } from '../../lib/mailer/footer.js';
import { escapeHtml, MAIL_STYLE, mailPage, mailRow } from '../../lib/mailer/html.js';
import type { MailMessage } from '../../lib/mailer/index.js';

/**
 * "Sakura Drift Tee (Black · M)": the name with the colour and size bought ("(Size M)" before
 * colours; One size needs no word).
 */
const itemName = (i: { name: string; size?: string | null; colour?: string | null }) => {
  const variant = variantLabel({ colour: i.colour ?? undefined, size: i.size ?? undefined });
  return variant ? `${i.name} (${variant})` : i.name;
};

interface MailOrder {
  _id: unknown;
  amount: number;
  shippingFeePaise?: number | null;
  codFeePaise?: number | null;
  /** What a code and the offer took off the items (issue 36). */
  discount?: {
    code?: string | null;
    offer?: string | null;
    codePaise?: number | null;
    offerPaise?: number | null;
  } | null;
  /** YYYY-MM-DD: the latest day it should arrive, as estimated when ordered. */
  deliveryBy?: string | null;
  /** A COD order (`due`): the mail says what to pay the courier instead of "payment received". */
  payment?: { method?: string | null; status?: string | null } | null;
  shippingAddress: string;
  items: ReadonlyArray<{
    name: string;
    price: number;
    cartQuantity: number;
    size?: string | null;
    colour?: string | null;
  }>;
}

/** The confirmation's pointer to the tax invoice: its number, and the order page that downloads it. */
export interface InvoiceLink {
  number: string;
  /** The order page's full address (PUBLIC_URL set), else none: the text says where to look. */
  orderUrl?: string | undefined;
}

function invoiceText(invoice: InvoiceLink): string {
  return invoice.orderUrl
    ? `Your tax invoice ${invoice.number}: download it from your order page, ${invoice.orderUrl}`
    : `Your tax invoice ${invoice.number}: download it from the order's page under Orders in your account.`;
}

/** The order's discount and fees as the mail lists them under the items: [label, amount]. */
function feeLines(order: MailOrder): Array<[string, string]> {
  const fees: Array<[string, string]> = [];
  const off = (paise: number) => `−${formatRupees(paiseToRupees(paise))}`;
  const d = order.discount;
  if (d?.offer && d.offerPaise) fees.push([`Offer: ${d.offer}`, off(d.offerPaise)]);
  if (d?.code && d.codePaise) fees.push([`Code ${d.code}`, off(d.codePaise)]);
  if (order.shippingFeePaise)
    fees.push(['Delivery', formatRupees(paiseToRupees(order.shippingFeePaise))]);
  if (order.codFeePaise)
    fees.push(['Cash on delivery fee', formatRupees(paiseToRupees(order.codFeePaise))]);
  return fees;
}

/**
 * What the order's discount took off, in a sentence for the mails that name an amount paid or
 * refunded: "Your order had ₹778 off: offer 3 for ₹999 −₹648, code WELCOME10 −₹130." (none: '').
 */
export function discountNote(order: MailOrder): string {
  const d = order.discount;
  const off = (paise: number) => `−${formatRupees(paiseToRupees(paise))}`;
  const parts = [
    d?.offer && d.offerPaise ? `offer ${d.offer} ${off(d.offerPaise)}` : '',
    d?.code && d.codePaise ? `code ${d.code} ${off(d.codePaise)}` : '',
  ].filter(Boolean);
  if (!parts.length) return '';
  const total = (d?.offerPaise ?? 0) + (d?.codePaise ?? 0);
  return `Your order had ${formatRupees(paiseToRupees(total))} off: ${parts.join(', ')}.`;
}

export function confirmationMail(
  shopName: string,
  to: { name: string; email: string },
  order: MailOrder,
  footer: MailFooter,
  invoice?: InvoiceLink | null,
): MailMessage {
  const no = orderNumber(String(order._id));
  const address = order.shippingAddress || 'No shipping address provided.';
  const lines = order.items.map(
    (i) => `${i.cartQuantity} × ${itemName(i)} — ${formatRupees(i.price * i.cartQuantity)}`,
  );
  const paid =
    order.payment?.status === 'due'
      ? `Pay ${formatRupees(order.amount)} in cash when it arrives.`
      : 'Your payment was received.';
  const text = [
    `Hello ${to.name},`,
    '',
    `Thank you for your order #${no}. ${paid}`,
    '',
    ...lines,
    ...feeLines(order).map(([label, amount]) => `${label}: ${amount}`),
    '',
    `Total: ${formatRupees(order.amount)}`,
    `Shipping to: ${address}`,
    ...(order.deliveryBy ? [`Expected by ${formatDeliveryDay(order.deliveryBy)}`] : []),
    ...(invoice ? ['', invoiceText(invoice)] : []),
    '',
    `We will let you know when it ships. — ${shopName}`,
    ...footer.text,
  ].join('\n');
  const cell = 'padding:8px 0;border-top:1px solid #e4e4e7;vertical-align:top;';
  const lineRows = order.items
    .map(
      (i) =>
        `<tr><td style="${cell}">${escapeHtml(itemName(i))}</td>` +
        `<td style="${cell}text-align:center;">${i.cartQuantity}</td>` +
        `<td style="${cell}text-align:right;white-space:nowrap;">${escapeHtml(formatRupees(i.price * i.cartQuantity))}</td></tr>`,
    )
    .join('');
  const feeRows = feeLines(order)
    .map(
      ([label, amount]) =>
        `<tr><td colspan="2" style="${cell}">${escapeHtml(label)}</td>` +
        `<td style="${cell}text-align:right;white-space:nowrap;">${escapeHtml(amount)}</td></tr>`,
    )
    .join('');
  const head = 'padding:0 0 4px;font-size:13px;color:#71717a;font-weight:normal;';
  const items =
    `<tr><td style="padding-bottom:16px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:14px;line-height:1.4;">` +
    `<thead><tr><th style="${head}text-align:left;">Item</th><th style="${head}text-align:center;">Qty</th><th style="${head}text-align:right;">Price</th></tr></thead>` +
    `<tbody>${lineRows}${feeRows}</tbody>` +
    `<tfoot><tr><th colspan="2" style="padding:8px 0 0;border-top:2px solid #18181b;text-align:left;font-size:15px;">Total</th>` +
    `<td style="padding:8px 0 0;border-top:2px solid #18181b;text-align:right;font-size:15px;font-weight:bold;white-space:nowrap;">${escapeHtml(formatRupees(order.amount))}</td></tr></tfoot>` +
    `</table></td></tr>`;
  const html = mailPage(shopName, [
    mailRow(
      `Hello ${escapeHtml(to.name)},<br>thank you for your order <strong>#${no}</strong>. ${escapeHtml(paid)}`,
    ),
    items,
    mailRow(`Shipping to: ${escapeHtml(address)}`, MAIL_STYLE.muted),
    ...(order.deliveryBy
      ? [
          mailRow(
            `Expected by ${escapeHtml(formatDeliveryDay(order.deliveryBy))}`,
            MAIL_STYLE.muted,
          ),
        ]
      : []),
    ...(invoice
      ? [
          mailRow(
            invoice.orderUrl
              ? `Your tax invoice <strong>${escapeHtml(invoice.number)}</strong>: <a href="${escapeHtml(invoice.orderUrl)}">download it from your order page</a>.`
              : escapeHtml(invoiceText(invoice)),
          ),
        ]
      : []),
    mailRow('We will let you know when it ships.', MAIL_STYLE.small),
    ...footer.html,
  ]);
  return { to: to.email, subject: `Your order #${no} is confirmed`, text, html };
}

export function shippedMail(
  shopName: string,
  to: { name: string; email: string },
  order: MailOrder & { shipment?: { courier: string; awb: string } | null },
  footer: MailFooter,
): MailMessage {
  const no = orderNumber(String(order._id));
  const address = order.shippingAddress || 'the address on your profile';
  const shipment = order.shipment;
  const courier = shipment ? (courierById(shipment.courier)?.name ?? shipment.courier) : '';
  const track = shipment ? trackingUrl(shipment.courier, shipment.awb) : undefined;
  const parcel = shipment ? `Courier: ${courier}, tracking number (AWB) ${shipment.awb}.` : '';
  const text = [
    `Hello ${to.name},`,
    '',
    `Good news: your order #${no} has shipped to ${address}.`,
    ...(shipment ? [parcel] : []),
    ...(track ? [`Track it: ${track}`] : []),
    '',
    `— ${shopName}`,
    ...footer.text,
  ].join('\n');
  const html = mailPage(shopName, [
    mailRow(
      `Hello ${escapeHtml(to.name)},<br>good news: your order <strong>#${no}</strong> has shipped to ${escapeHtml(address)}.`,
    ),
    ...(shipment ? [mailRow(escapeHtml(parcel))] : []),
    ...(track
      ? [
          mailRow(
            `<a href="${escapeHtml(track)}" style="color:#4f46e5;font-weight:bold;">Track your parcel</a>`,
          ),
        ]
      : []),
    ...footer.html,
  ]);
  return { to: to.email, subject: `Your order #${no} has shipped`, text, html };
}

const whenFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** The refund as the cancelled mail describes it: started, or held up (the shop's team acts). */
export interface CancelNotice {
  by: 'customer' | 'admin';
  at: Date;
  refund: {
    amountPaise: number;
    status: 'pending' | 'processed' | 'failed';
    /** Less than was paid: returns refunded part of the payment before the cancel. */
    afterReturns?: boolean;
  } | null;
}

export function cancelledMail(
  shopName: string,
  to: { name: string; email: string },
  order: MailOrder,
  notice: CancelNotice,
  footer: MailFooter,
): MailMessage {
  const no = orderNumber(String(order._id));
  const when = whenFormat.format(notice.at);
  const who =
    notice.by === 'customer'
      ? `Your order #${no} was cancelled at your request on ${when}.`
      : `We are sorry: we had to cancel your order #${no} on ${when}.`;
  const refund = notice.refund;
  const amount = refund ? formatRupees(paiseToRupees(refund.amountPaise)) : '';
  const money = !refund
    ? []
    : refund.status === 'failed'
      ? [
          `Your refund of ${amount} needs a moment more: our team is arranging it and will write when it is on its way.`,
        ]
      : [
          `We are refunding ${refund.afterReturns ? `${amount}, what is left of your payment after your return's refund,` : `the full ${amount}`} to the card or account you paid with. Refunds usually arrive within ${REFUND_ARRIVAL}.`,
        ];
  // The refund is what was paid: the discount says why it is less than the list prices.
  const note = refund ? discountNote(order) : '';
  if (note) money.push(note);
  const text = [`Hello ${to.name},`, '', who, ...money, '', `— ${shopName}`, ...footer.text].join(
    '\n',
  );
  const html = mailPage(shopName, [
    mailRow(`Hello ${escapeHtml(to.name)},<br>${escapeHtml(who)}`),
    ...money.map((line) => mailRow(escapeHtml(line))),
    ...footer.html,
  ]);
  return { to: to.email, subject: `Your order #${no} is cancelled`, text, html };
}

export function refundProcessedMail(
  shopName: string,
  to: { name: string; email: string },
  order: MailOrder,
  refund: { id: string; amountPaise: number },
  footer: MailFooter,
): MailMessage {
  const no = orderNumber(String(order._id));
  const amount = formatRupees(paiseToRupees(refund.amountPaise));
  const line = `Your refund of ${amount} for order #${no} has been processed (reference ${refund.id}).`;
  const arrival = `It usually shows in your account within ${REFUND_ARRIVAL}, depending on your bank.`;
  const note = discountNote(order);
  const text = [
    `Hello ${to.name},`,
    '',
    line,
    ...(note ? [note] : []),
    arrival,
    '',
    `— ${shopName}`,
    ...footer.text,
  ].join('\n');
  const html = mailPage(shopName, [
    mailRow(`Hello ${escapeHtml(to.name)},<br>${escapeHtml(line)}`),
    ...(note ? [mailRow(escapeHtml(note))] : []),
    mailRow(escapeHtml(arrival), MAIL_STYLE.muted),
    ...footer.html,
  ]);
  return { to: to.email, subject: `Your refund for order #${no} is processed`, text, html };
}

export function deliveredMail(
  shopName: string,
  to: { name: string; email: string },
  order: MailOrder,
  footer: MailFooter,
): MailMessage {
  const no = orderNumber(String(order._id));
  const address = order.shippingAddress || 'your address';
  const line = `Your order #${no} has been delivered to ${address}. We hope you enjoy your T-shirts!`;
  const text = [`Hello ${to.name},`, '', line, '', `— ${shopName}`, ...footer.text].join('\n');
  const html = mailPage(shopName, [
    mailRow(`Hello ${escapeHtml(to.name)},<br>${escapeHtml(line)}`),
    ...footer.html,
  ]);
  return { to: to.email, subject: `Your order #${no} has been delivered`, text, html };
}

/**
 * A captured payment that made no order of its own, given back in full from the admin's
 * "Payments to settle": a second payment for an order (`orderId`), or one of another amount
 * than its checkout, which made no order.
 */
export function strayPaymentRefundMail(
  shopName: string,
  to: { name: string; email: string },
  refund: { orderId: string | null; paymentId: string; amountPaise: number; refundId: string },
  footer: MailFooter,
): MailMessage {
  const amount = formatRupees(paiseToRupees(refund.amountPaise));
  const no = refund.orderId ? orderNumber(refund.orderId) : null;
  const what = no
    ? `You were charged twice for order #${no}: a second payment of ${amount} (${refund.paymentId}) reached us after the order was paid. Your order stands, paid once.`
    : `A payment of ${amount} (${refund.paymentId}) reached us that did not match your checkout's total, so it made no order.`;
  const back = `We have refunded the ${amount} in full to the card or account you paid with (refund ${refund.refundId}). Refunds usually arrive within ${REFUND_ARRIVAL}, depending on your bank.`;
  const text = [`Hello ${to.name},`, '', what, back, '', `— ${shopName}`, ...footer.text].join(
    '\n',
  );
  const html = mailPage(shopName, [
    mailRow(`Hello ${escapeHtml(to.name)},<br>${escapeHtml(what)}`),
    mailRow(escapeHtml(back)),
    ...footer.html,
  ]);
  const subject = no
    ? `Your second payment for order #${no} is refunded`
    : `Your payment of ${amount} is refunded`;
  return { to: to.email, subject, text, html };
}
