/**
 * A shopper charged twice, or charged an amount that made no order, is told once the admin has
 * refunded that payment from "Payments to settle" (payments/unsettled.ts, which claims the
 * telling so it happens once): by mail, and, when the payment was a second one for an order,
 * on that order's page too (`extraPaymentRefunds`, one entry per payment).
 */
import type { MailFooter } from '../../lib/mailer/footer.js';
import type { AppDeps } from '../../lib/types.js';
import { userContact } from '../users/index.js';
import { orderMailFooter, sendOrderMail } from './notices.js';
import { strayPaymentRefundMail } from './order-mail.js';
import { Order, type LeanOrder } from './order.model.js';

export interface StrayPaymentRefund {
  /** The order the payment was a second one for; null when it made no order. */
  orderId: string | null;
  /** The shopper signed in at checkout (told when there is no order to find them by). */
  userId: string | null;
  paymentId: string;
  refundId: string;
  amountPaise: number;
  at: Date;
}

export async function tellStrayPaymentRefunded(
  deps: AppDeps,
  refund: StrayPaymentRefund,
): Promise<void> {
  const mail = (shop: string, to: { name: string; email: string }, footer: MailFooter) =>
    strayPaymentRefundMail(shop, to, refund, footer);
  if (refund.orderId) {
    const order = await Order.findOneAndUpdate(
      { _id: refund.orderId, 'extraPaymentRefunds.paymentId': { $ne: refund.paymentId } },
      {
        $push: {
          extraPaymentRefunds: {
            paymentId: refund.paymentId,
            refundId: refund.refundId,
            amountPaise: refund.amountPaise,
            at: refund.at,
          },
        },
      },
      { returnDocument: 'after' },
    ).lean<LeanOrder>();
    if (order) await sendOrderMail(deps, order, 'second payment refunded', mail);
    return;
  }
  try {
    const to = refund.userId ? await userContact({ id: refund.userId }) : null;
    if (to)
      await deps.mailer.send(mail(deps.config.shopName, to, await orderMailFooter(deps, null)));
  } catch (err) {
    deps.logger.error({ err, paymentId: refund.paymentId }, 'payment refunded mail failed');
  }
}
