/**
 * Moving a return or exchange (PUT /orders/returns/{returnId}): the admin approves or rejects
 * it, marks it picked up and received, passes or fails the check, and records a
 * cash-on-delivery refund's transfer; the shopper may cancel it while it is still requested.
 *
 * Every move is one conditional update on the status read (RETURN_MOVE_FROM says which), so of
 * two staff approving at once, or a shopper cancelling while staff approve, exactly one moves
 * it and the other is told where it stands now. What follows a move is done only by the caller
 * whose write won: held stock given back (rejected, cancelled, check failed), the returned
 * piece back in stock (passed), the replacement order made (an exchange that passed), the refund
 * asked of the provider and the credit note issued (a return that passed). The stock is owed by
 * the move's own write (the hold left `held`, `restock: 'due'`) and given in one keyed step
 * (return-stock.ts) that the sweep after a crash repeats without giving twice.
 */
import {
  colourKey,
  orderNumber,
  RETURN_MOVE_FROM,
  RETURN_STATUS_PHRASES,
  returnPassedStatus,
  toPaise,
  type ReturnMoveBody,
  type ReturnStatus,
} from '@repo/shared';
import { Types } from 'mongoose';
import { badRequest, conflict, forbidden, isDuplicateKey, notFound } from '../../lib/errors.js';
import { insertDocument } from '../../lib/insert-document.js';
import type { AppDeps } from '../../lib/types.js';
import { currentPhotos } from '../products/index.js';
import { creditReturn } from './invoices.js';
import {
  discountOf,
  Order,
  returnRefundOf,
  type LeanOrder,
  type StoredReturn,
} from './order.model.js';
import { toOrderDto } from './order-reads.js';
import { mailReturnStep } from './return-mail.js';
import { requestReturnRefund } from './return-refunds.js';
import { owesRelease, releaseHold, restockReturned } from './return-stock.js';

/** A cash-on-delivery order is paid at the door; every other is paid online through a provider. */
export const paidOnline = (order: Pick<LeanOrder, 'provider'>) => order.provider !== 'cod';

export const returnOf = (order: LeanOrder, returnId: string): StoredReturn | undefined =>
  ((order.returns ?? []) as StoredReturn[]).find((r) => String(r._id) === returnId);

/**
 * The money a return gives back: each line's price for the pieces returned, less their share of
 * what a code or offer took off the line (rounded so a refund never exceeds what was paid; fees
 * stay paid).
 */
export function returnAmountPaise(order: LeanOrder, r: StoredReturn): number {
  const off = discountOf(order)?.lines ?? [];
  return r.items.reduce((sum, i) => {
    const k = order.items.findIndex((l) => l.itemId === i.itemId);
    const line = order.items[k];
    if (!line) return sum;
    const share = Math.ceil(((off[k]?.amountPaise ?? 0) * i.quantity) / line.cartQuantity);
    return sum + toPaise(line.price) * i.quantity - share;
  }, 0);
}

const MOVE_WORDS: Record<ReturnMoveBody['status'], string> = {
  approved: 'approved',
  rejected: 'rejected',
  cancelled: 'cancelled',
  picked_up: 'marked picked up',
  received: 'marked received',
  check_passed: 'passed',
  check_failed: 'failed',
  refunded: 'refunded',
};

/** 409: where the request stands, and why the move cannot be made from there. */
function refusal(r: StoredReturn, move: ReturnMoveBody['status']): string {
  const now = `This request ${RETURN_STATUS_PHRASES[r.status as ReturnStatus]}`;
  return r.status === move ? `${now} already.` : `${now}, so it cannot be ${MOVE_WORDS[move]} now.`;
}

/**
 * PUT /orders/returns/{returnId}: the move asked for, if the caller may make it from where the
 * request stands; answers the order as it is after the move.
 */
export async function moveReturn(
  deps: AppDeps,
  returnId: string,
  actor: { id: string; isAdmin: boolean },
  body: ReturnMoveBody,
) {
  const move = body.status;
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const order = await Order.findOne({ 'returns._id': returnId }).lean<LeanOrder>();
    const r = order && returnOf(order, returnId);
    if (!order || !r) throw notFound('Return not found');
    const owner = String(order.user) === actor.id;
    if (move === 'cancelled') {
      if (!owner) throw forbidden('Only the shopper who asked can cancel this request');
    } else if (!actor.isAdmin) {
      throw forbidden(
        owner ? 'Only the shop can move this request' : 'This order belongs to another account',
      );
    }
    const online = paidOnline(order);
    const refund = returnRefundOf(r);
    // A finished exchange whose replacement was not made (a process stopped): make it now.
    if (move === 'check_passed' && r.status === 'exchanged' && !r.replacement) {
      await finishExchange(deps, order, r);
      return answer(order._id);
    }
    if (!RETURN_MOVE_FROM[move].includes(r.status as ReturnStatus))
      throw conflict(refusal(r, move));
    if (move === 'refunded') {
      if (r.status === 'check_passed' && !body.reference) {
        const message = 'Enter the reference of the bank or UPI transfer';
        throw badRequest(message, { issues: [{ path: 'reference', message }] });
      }
      if (r.status === 'refunded' && refund?.status !== 'failed')
        throw conflict('This refund has not failed: there is nothing to ask again.');
    }

    const at = deps.now();
    const to: ReturnStatus =
      move === 'check_passed' ? returnPassedStatus(r.kind as never, online) : move;
    const set: Record<string, unknown> = { 'returns.$[r].status': to };
    // The size held for an exchange that ends unused stays `held` here: releaseHold gives it
    // back and marks it released, after this write wins.
    if (to === 'exchanged') set['returns.$[r].hold'] = 'shipped';
    // The pieces sent back are owed to stock until restockReturned has given them.
    if (move === 'check_passed') set['returns.$[r].restock'] = 'due';
    const amount = returnAmountPaise(order, r);
    if (to === 'refunded' && online)
      set['returns.$[r].refund'] = {
        method: 'provider',
        id: '',
        amount,
        status: 'pending',
        createdAt: at,
        failureReason: '',
      };
    if (to === 'refunded' && !online)
      set['returns.$[r].refund'] = {
        method: 'transfer',
        id: body.reference,
        amount,
        status: 'processed',
        createdAt: at,
        failureReason: '',
      };
    const entry = {
      status: to,
      at,
      by: actor.isAdmin && move !== 'cancelled' ? 'admin' : 'customer',
      ...(body.note ? { note: body.note } : {}),
      ...(to === 'refunded' && !online ? { note: `Transfer reference ${body.reference}` } : {}),
    };
    const written = await Order.updateOne(
      {
        _id: order._id,
        returns: {
          $elemMatch: { _id: r._id, status: r.status, 'refund.status': refund?.status ?? null },
        },
      },
      { $set: set, $push: { 'returns.$[r].timeline': entry } },
      { arrayFilters: [{ 'r._id': r._id }] },
    );
    if (written.matchedCount !== 1) continue;

    // Only the move that won gets here.
    // The size held for an exchange goes back to stock when no replacement will ship.
    if (owesRelease({ kind: r.kind, status: to, hold: r.hold }))
      await releaseHold(deps, order._id, r);
    if (move === 'check_passed') {
      await restockReturned(deps, order._id, { ...r, restock: 'due' });
      if (r.kind === 'return') await creditReturn(deps, order, r, at);
    }
    const after = (await Order.findById(order._id).lean<LeanOrder>())!;
    if (to === 'exchanged') await finishExchange(deps, after, returnOf(after, returnId)!);
    else await mailReturnStep(deps, after, returnId);
    if (to === 'refunded' && online) await requestReturnRefund(deps, String(order._id), returnId);
    return answer(order._id);
  }
  throw conflict('This request is being changed by someone else. Please try again.');
}

async function answer(orderId: unknown) {
  const order = (await Order.findById(orderId).lean<LeanOrder>())!;
  return { success: true, order: toOrderDto(order) };
}

/**
 * An exchange that passed: the replacement order (no charge, linked to the original order and
 * the request, its line's stock the one held since the request), made once however often this
 * runs (its payment id is the request's), then named on the request and mailed.
 */
async function finishExchange(deps: AppDeps, order: LeanOrder, r: StoredReturn): Promise<void> {
  const returnId = String(r._id);
  const key = `exchange_${returnId}`;
  const photos = await currentPhotos(r.items.map((i) => String(i.product)));
  const _id = new Types.ObjectId();
  let replacement: LeanOrder;
  try {
    replacement = await insertDocument<LeanOrder>(Order, {
      _id,
      number: orderNumber(String(_id)),
      user: order.user,
      contact: order.contact,
      items: r.items.map((i) => {
        const line = order.items.find((l) => l.itemId === i.itemId);
        const product = photos.get(String(i.product));
        const photo = i.wantedColour
          ? product?.byColour.get(colourKey(i.wantedColour))
          : product?.main;
        return {
          itemId: new Types.ObjectId().toHexString(),
          product: i.product,
          name: i.name,
          photo: photo ?? line?.photo ?? '',
          price: 0,
          cartQuantity: i.quantity,
          size: i.wantedSize ?? i.size,
          ...(i.wantedColour ? { colour: i.wantedColour } : {}),
          // Taken from stock when the exchange was asked for.
          stock: 'taken',
        };
      }),
      amount: 0,
      amountPaise: 0,
      currency: order.currency ?? 'INR',
      shippingAddress: order.shippingAddress ?? '',
      provider: 'exchange',
      paymentId: key,
      providerOrderId: key,
      tax: null,
      exchangeFor: { orderId: order._id, returnId: r._id },
    });
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    replacement = (await Order.findOne({ paymentId: key }).lean<LeanOrder>())!;
  }
  const named = await Order.updateOne(
    { _id: order._id, returns: { $elemMatch: { _id: r._id, replacement: null } } },
    {
      $set: {
        'returns.$[r].replacement': {
          orderId: replacement._id,
          number: replacement.number ?? orderNumber(String(replacement._id)),
        },
      },
    },
    { arrayFilters: [{ 'r._id': r._id }] },
  );
  if (named.modifiedCount !== 1) return;
  const after = (await Order.findById(order._id).lean<LeanOrder>())!;
  await mailReturnStep(deps, after, returnId);
}
