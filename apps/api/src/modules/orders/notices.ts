/** Sending an order's mails to whoever placed it; a mail problem is logged, never thrown. */
import type { MailMessage } from '../../lib/mailer/index.js';
import type { AppDeps } from '../../lib/types.js';
import { userContact } from '../users/index.js';
import type { LeanOrder } from './orders.service.js';

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

export async function sendOrderMail(
  deps: AppDeps,
  order: LeanOrder,
  what: string,
  build: (shopName: string, to: Recipient) => MailMessage,
): Promise<void> {
  try {
    const to = await recipientOf(order);
    if (to) await deps.mailer.send(build(deps.config.shopName, to));
  } catch (err) {
    deps.logger.error({ err, orderId: String(order._id) }, `${what} mail failed`);
  }
}
