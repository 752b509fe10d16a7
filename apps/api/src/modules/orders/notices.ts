/**
 * Sending an order's mails to whoever placed it: the confirmation, each status change (the
 * shipped and delivered mails once) and the refund; a mail problem is logged, never thrown.
 */
import type { OrderStatus, ShopSettings } from '@repo/shared';
import { mailFooter, type MailFooter } from '../../lib/mailer/footer.js';
import type { MailMessage } from '../../lib/mailer/index.js';
import type { AppDeps } from '../../lib/types.js';
import { getSettings } from '../settings/index.js';
import { userContact } from '../users/index.js';
import { cancelledMail, confirmationMail, deliveredMail, shippedMail } from './order-mail.js';
import { Order, refundOf, shipmentOf, type LeanOrder } from './order.model.js';

type Recipient = { name: string; email: string };

/** The account's name and email, else the payer's email from the provider (guest orders). */
export async function recipientOf(
  order: Pick<LeanOrder, 'user' | 'contact'>,
): Promise<Recipient | undefined> {
  if (order.user) {
    const user = await userContact({ id: order.user });
    if (user) return user;
  }
  const email = order.contact?.email;
  return email ? { name: 'there', email } : undefined;
}

/** The order page's full address, when PUBLIC_URL says where the shop is. */
export function orderPageUrl(deps: Pick<AppDeps, 'config'>, orderId: string): string | undefined {
  const origin = deps.config.publicUrl;
  return origin ? `${origin}/dashboard/user/orders/${orderId}` : undefined;
}

/**
 * The footer of a mail about the order `orderId` (null: about no order): its page and the
 * support contact from the shop details settings (read now, so an admin's change shows in the
 * next mail; `shop`: as the caller has just read them).
 */
export async function orderMailFooter(
  deps: Pick<AppDeps, 'config'>,
  orderId: string | null,
  shop?: ShopSettings,
): Promise<MailFooter> {
  shop ??= await getSettings('shop');
  const origin = deps.config.publicUrl;
  return mailFooter({
    order: orderId ? { url: orderPageUrl(deps, orderId) } : null,
    support: { email: shop.email, phone: shop.phone, hours: shop.supportHours },
    contactUrl: origin ? `${origin}/contact` : undefined,
  });
}

/** Sends a mail about the order to whoever placed it, with the order mails' footer. */
export async function sendOrderMail(
  deps: AppDeps,
  order: LeanOrder,
  what: string,
  build: (shopName: string, to: Recipient, footer: MailFooter) => MailMessage,
): Promise<void> {
  try {
    const to = await recipientOf(order);
    if (to)
      await deps.mailer.send(
        build(deps.config.shopName, to, await orderMailFooter(deps, String(order._id))),
      );
  } catch (err) {
    deps.logger.error({ err, orderId: String(order._id) }, `${what} mail failed`);
  }
}

/**
 * The confirmation mail; never throws (a mail problem must not undo or fail a payment).
 * `recipient`: the order's account as the caller just loaded it, saving a lookup; `shop`, the
 * shop details settings likewise.
 */
export async function sendOrderConfirmation(
  deps: AppDeps,
  order: LeanOrder,
  recipient?: Recipient,
  invoiceNumber?: string,
  shop?: ShopSettings,
): Promise<void> {
  try {
    const to = recipient ?? (await recipientOf(order));
    if (!to) return;
    const id = String(order._id);
    const invoice = invoiceNumber
      ? { number: invoiceNumber, orderUrl: orderPageUrl(deps, id) }
      : null;
    const footer = await orderMailFooter(deps, id, shop);
    await deps.mailer.send(confirmationMail(deps.config.shopName, to, order, footer, invoice));
  } catch (err) {
    deps.logger.error({ err, orderId: String(order._id) }, 'order confirmation mail failed');
  }
}

/**
 * Status mails being handed to the mail queue; they never reject. The change's answer waits
 * for its mail to be queued (one insert), so the next change's mail is queued after it: the
 * shopper hears of things in the order they happened.
 */
const mailsInFlight = new Set<Promise<void>>();
async function inFlight(mail: Promise<void>): Promise<void> {
  mailsInFlight.add(mail);
  await mail.finally(() => mailsInFlight.delete(mail));
}

/** Resolves once every status mail started so far is sent (or its failure logged). */
export async function statusMailsSent(): Promise<void> {
  await Promise.all(mailsInFlight);
}

/** The mail for a status the order just moved to (the shopper hears each change once). */
export async function notifyStatus(
  deps: AppDeps,
  order: LeanOrder,
  status: OrderStatus,
  from: string,
  by: 'customer' | 'admin',
  at: Date,
): Promise<void> {
  if (
    (status === 'shipped' || status === 'delivered') &&
    !(await mailOnce(deps, order, status, from))
  )
    return;
  if (status === 'shipped') await inFlight(notifyShipped(deps, order));
  if (status === 'delivered')
    await inFlight(
      sendOrderMail(deps, order, 'delivered', (shop, to, footer) =>
        deliveredMail(shop, to, order, footer),
      ),
    );
  if (status === 'cancelled') {
    const refund = refundOf(order);
    const notice = {
      by,
      at,
      refund: refund
        ? {
            amountPaise: refund.amount,
            status: refund.status,
            afterReturns: refund.amount < order.amountPaise,
          }
        : null,
    };
    await inFlight(
      sendOrderMail(deps, order, 'cancelled', (shop, to, footer) =>
        cancelledMail(shop, to, order, notice, footer),
      ),
    );
  }
}

/**
 * Whether the shipped or delivered mail is due: only for a real move, the first time the order
 * gets there. Delivered → shipped is a correction, and an order already told it shipped (or
 * was delivered) is never told again. Claimed in the database, so concurrent changes mail once.
 */
async function mailOnce(
  deps: AppDeps,
  order: LeanOrder,
  status: 'shipped' | 'delivered',
  from: string,
): Promise<boolean> {
  if (status === 'shipped' && from === 'delivered') return false;
  try {
    const claim = await Order.updateOne(
      { _id: order._id, mailed: { $ne: status } },
      { $addToSet: { mailed: status } },
    );
    return claim.modifiedCount === 1;
  } catch (err) {
    deps.logger.error({ err, orderId: String(order._id) }, `${status} mail not claimed`);
    return false;
  }
}

/** Hands the shipped mail to the mail queue (not waiting for the mail server; failures logged). */
function notifyShipped(deps: AppDeps, order: LeanOrder): Promise<void> {
  return sendOrderMail(deps, order, 'shipped', (shop, to, footer) =>
    shippedMail(shop, to, { ...order, shipment: shipmentOf(order) }, footer),
  );
}
