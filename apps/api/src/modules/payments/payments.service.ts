/** POST /payment/verify-payment: a signed payment becomes the checkout's order. */
import type { VerifyPaymentBody, VerifyPaymentResponse } from '@repo/shared';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { AppDeps } from '../../lib/types.js';
import { completeCheckout } from './payment-completion.js';
import { paymentReported } from './reconcile.js';
import { countClaimedCheckout } from './limits.js';

export const FLAGGED_PAYMENT =
  'This payment does not match your order and is being checked by the shop. We will contact you about it.';

type Verified = Required<
  Pick<
    VerifyPaymentBody,
    'razorpay_payment_id' | 'razorpay_order_id' | 'razorpay_signature' | 'userId'
  >
> & {
  shippingAddress?: string | undefined;
};

export async function verifyPayment(
  deps: AppDeps,
  body: Verified,
  actor: { id: string; name: string; email: string },
): Promise<VerifyPaymentResponse> {
  if (body.userId !== actor.id)
    throw forbidden('You can only complete a payment for your own account');
  const {
    razorpay_order_id: orderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: signature,
  } = body;
  if (!deps.payments.verifySignature(orderId, paymentId, signature)) {
    throw badRequest('Payment verification failed: the signature does not match');
  }
  // The order is built from what the server recorded, never from the client's items or amount.
  // Reported first: should this process die before the order is written, the next
  // reconciliation pass completes it.
  const checkout = await paymentReported(deps, orderId);
  if (!checkout) throw notFound('No checkout was found for this payment');
  if (checkout.user && String(checkout.user) !== actor.id)
    throw forbidden('This checkout belongs to another account');
  // The provider reported a capture for another amount or currency: the admin settles it.
  if (checkout.status === 'flagged') throw conflict(FLAGGED_PAYMENT);

  // The money is taken: whatever the address, the payment becomes an order (flagged without one).
  const done = await completeCheckout(deps, {
    checkout,
    paymentId,
    userId: actor.id,
    recipient: { name: actor.name, email: actor.email },
    shippingAddress: body.shippingAddress?.trim() || undefined,
  });
  // A guest checkout already recorded for someone else (a race of two accounts) is not this user's.
  if (done.ownerId !== null && done.ownerId !== actor.id)
    throw forbidden('This payment belongs to another account');
  // Paying a guest's checkout while signed in makes it this account's: it counts as theirs.
  if (!checkout.user && done.created) await countClaimedCheckout(deps.limits, actor.id);
  return { success: true, orderId: done.orderId };
}

/** POST /payment/sandbox/pay: the sandbox takes a pretend payment for one of its orders. */
export async function sandboxPay(deps: AppDeps, orderId: string) {
  const sandbox = deps.payments.sandbox;
  if (!sandbox) throw notFound('The sandbox provider is not in use');
  // Reported before it is taken (as Razorpay's webhook would tell of it after): the payment
  // becomes its order promptly even if verify-payment never comes. The same write answers the
  // checkout (a paid one is left as it is), so no read of its own comes before it.
  const checkout = await paymentReported(deps, orderId);
  if (!checkout) throw notFound('Unknown sandbox order');
  if (checkout.status === 'paid') throw conflict('This order is already paid');
  return sandbox.pay(orderId, checkout.amountPaise);
}
