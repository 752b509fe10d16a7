/** The mails about an order: confirmed, shipped, delivered, cancelled and refund processed. */
import {
  formatRupees,
  ONE_SIZE,
  orderNumber,
  paiseToRupees,
  REFUND_ARRIVAL,
  sizeLabel,
} from '@repo/shared';
import type { MailMessage } from '../../lib/mailer/index.js';

/** "Sakura Drift Tee (Size M)": the name with the size bought (One size needs no word). */
const itemName = (i: { name: string; size?: string | null }) =>
  !i.size || i.size === ONE_SIZE ? i.name : `${i.name} (${sizeLabel(i.size)})`;

interface MailOrder {
  _id: unknown;
  amount: number;
  shippingAddress: string;
  items: ReadonlyArray<{ name: string; price: number; cartQuantity: number; size?: string | null }>;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Every user-provided string goes through this before it reaches HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

export function confirmationMail(
  shopName: string,
  to: { name: string; email: string },
  order: MailOrder,
): MailMessage {
  const no = orderNumber(String(order._id));
  const address = order.shippingAddress || 'No shipping address provided.';
  const lines = order.items.map(
    (i) => `${i.cartQuantity} × ${itemName(i)} — ${formatRupees(i.price * i.cartQuantity)}`,
  );
  const text = [
    `Hello ${to.name},`,
    '',
    `Thank you for your order #${no}. Your payment was received.`,
    '',
    ...lines,
    '',
    `Total: ${formatRupees(order.amount)}`,
    `Shipping to: ${address}`,
    '',
    `We will let you know when it ships. — ${shopName}`,
  ].join('\n');
  const rows = order.items
    .map(
      (i) =>
        `<tr><td style="padding:4px 8px">${escapeHtml(itemName(i))}</td><td style="padding:4px 8px;text-align:right">${i.cartQuantity}</td>` +
        `<td style="padding:4px 8px;text-align:right">${escapeHtml(formatRupees(i.price * i.cartQuantity))}</td></tr>`,
    )
    .join('');
  const html =
    `<p>Hello ${escapeHtml(to.name)},</p>` +
    `<p>Thank you for your order <strong>#${no}</strong>. Your payment was received.</p>` +
    `<table style="border-collapse:collapse"><thead><tr><th style="padding:4px 8px;text-align:left">Item</th>` +
    `<th style="padding:4px 8px">Qty</th><th style="padding:4px 8px">Price</th></tr></thead><tbody>${rows}</tbody></table>` +
    `<p><strong>Total: ${escapeHtml(formatRupees(order.amount))}</strong></p>` +
    `<p>Shipping to: ${escapeHtml(address)}</p>` +
    `<p>We will let you know when it ships. — ${escapeHtml(shopName)}</p>`;
  return { to: to.email, subject: `Your order #${no} is confirmed`, text, html };
}

export function shippedMail(
  shopName: string,
  to: { name: string; email: string },
  order: MailOrder,
): MailMessage {
  const no = orderNumber(String(order._id));
  const address = order.shippingAddress || 'the address on your profile';
  const text = [
    `Hello ${to.name},`,
    '',
    `Good news: your order #${no} has shipped to ${address}.`,
    '',
    `— ${shopName}`,
  ].join('\n');
  const html =
    `<p>Hello ${escapeHtml(to.name)},</p>` +
    `<p>Good news: your order <strong>#${no}</strong> has shipped to ${escapeHtml(address)}.</p>` +
    `<p>— ${escapeHtml(shopName)}</p>`;
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
  refund: { amountPaise: number; status: 'pending' | 'processed' | 'failed' } | null;
}

export function cancelledMail(
  shopName: string,
  to: { name: string; email: string },
  order: MailOrder,
  notice: CancelNotice,
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
          `We are refunding the full ${amount} to the card or account you paid with. Refunds usually arrive within ${REFUND_ARRIVAL}.`,
        ];
  const text = [`Hello ${to.name},`, '', who, ...money, '', `— ${shopName}`].join('\n');
  const html =
    `<p>Hello ${escapeHtml(to.name)},</p>` +
    `<p>${escapeHtml(who)}</p>` +
    money.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
    `<p>— ${escapeHtml(shopName)}</p>`;
  return { to: to.email, subject: `Your order #${no} is cancelled`, text, html };
}

export function refundProcessedMail(
  shopName: string,
  to: { name: string; email: string },
  order: MailOrder,
  refund: { id: string; amountPaise: number },
): MailMessage {
  const no = orderNumber(String(order._id));
  const amount = formatRupees(paiseToRupees(refund.amountPaise));
  const line = `Your refund of ${amount} for order #${no} has been processed (reference ${refund.id}).`;
  const arrival = `It usually shows in your account within ${REFUND_ARRIVAL}, depending on your bank.`;
  const text = [`Hello ${to.name},`, '', line, arrival, '', `— ${shopName}`].join('\n');
  const html =
    `<p>Hello ${escapeHtml(to.name)},</p>` +
    `<p>${escapeHtml(line)}</p><p>${escapeHtml(arrival)}</p>` +
    `<p>— ${escapeHtml(shopName)}</p>`;
  return { to: to.email, subject: `Your refund for order #${no} is processed`, text, html };
}

export function deliveredMail(
  shopName: string,
  to: { name: string; email: string },
  order: MailOrder,
): MailMessage {
  const no = orderNumber(String(order._id));
  const address = order.shippingAddress || 'your address';
  const line = `Your order #${no} has been delivered to ${address}. We hope you enjoy your T-shirts!`;
  const text = [`Hello ${to.name},`, '', line, '', `— ${shopName}`].join('\n');
  const html =
    `<p>Hello ${escapeHtml(to.name)},</p><p>${escapeHtml(line)}</p>` +
    `<p>— ${escapeHtml(shopName)}</p>`;
  return { to: to.email, subject: `Your order #${no} has been delivered`, text, html };
}
