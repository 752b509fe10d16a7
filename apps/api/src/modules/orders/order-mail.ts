/** The mails about an order: the confirmation after payment and the note when it ships. */
import type { MailMessage } from '../../lib/mailer/index.js';
import { formatRupees } from './money.js';

interface MailOrder {
  _id: unknown;
  amount: number;
  shippingAddress: string;
  items: ReadonlyArray<{ name: string; price: number; cartQuantity: number }>;
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

/** A short order number for people: the last 8 characters of the id. */
export function orderNumber(id: unknown): string {
  return String(id).slice(-8).toUpperCase();
}

export function confirmationMail(
  shopName: string,
  to: { name: string; email: string },
  order: MailOrder,
): MailMessage {
  const no = orderNumber(order._id);
  const address = order.shippingAddress || 'No shipping address provided.';
  const lines = order.items.map(
    (i) => `${i.cartQuantity} × ${i.name} — ${formatRupees(i.price * i.cartQuantity)}`,
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
        `<tr><td style="padding:4px 8px">${escapeHtml(i.name)}</td><td style="padding:4px 8px;text-align:right">${i.cartQuantity}</td>` +
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
  const no = orderNumber(order._id);
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
