/**
 * Returns and size exchanges asked for by the shopper on a delivered order
 * (docs/behaviour/returns.md). Each line of a request becomes a return of its own, so staff
 * move each on its own. Everything is checked on the server: the order is the shopper's and
 * delivered, the window (counted from delivery, with the app's clock) is open, the kind is
 * offered and the product returnable, the pieces were bought and not sent back already, one
 * exchange per line, and the size wanted is in stock: it is taken from stock (held) before the
 * request is written, so nobody else can buy it meanwhile.
 *
 * Two requests at once cannot both count the same pieces: the write matches only while the
 * order has as many returns as were read (returns are only appended), and a request that lost
 * gives its held stock back and checks again.
 *
 * The shopper may add one photo of the piece: it passes the product photos' checks (type by
 * content, size, dimensions) and is stored, as WebP, once everything else is found right; a
 * request refused after that deletes it again.
 */
import { Types } from 'mongoose';
import {
  colourOfLine,
  describeLine,
  ONE_SIZE,
  RETURN_CLOSED_UNUSED,
  RETURN_STATUS_PHRASES,
  returnWindowEnd,
  type ReturnRequestBody,
  type ReturnsSettings,
} from '@repo/shared';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { storeUpload } from '../../lib/photo-upload.js';
import type { StoredPhoto } from '../../lib/storage/index.js';
import type { AppDeps } from '../../lib/types.js';
import {
  decrementStock,
  findProductsByIds,
  restoreStock,
  type ProductJson,
  type StockLine,
} from '../products/index.js';
import { getSettingsOf } from '../settings/index.js';
import { withItemIds } from './item-ids.js';
import { Order, type LeanOrder, type StoredReturn } from './order.model.js';
import { toOrderDto } from './order-reads.js';
import { mailReturnStep } from './return-mail.js';

/** A 400 beside one line's field. */
const fieldError = (k: number, field: string, message: string) =>
  badRequest(message, { issues: [{ path: `items.${k}.${field}`, message }] });

/** When the order was delivered: its latest move to delivered (older orders: when paid). */
export function deliveredAt(order: LeanOrder): Date {
  const moves = (order.history ?? []).filter((h) => h.event === 'delivered');
  return moves.at(-1)?.at ?? order.createdAt;
}

/** A day as India reads it: "4 December 2026". */
export const indiaDay = (at: Date) =>
  at.toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

/** The returns of the order that still count against its lines (not rejected or cancelled). */
export const counting = (order: LeanOrder) =>
  ((order.returns ?? []) as StoredReturn[]).filter(
    (r) => !RETURN_CLOSED_UNUSED.includes(r.status as never),
  );

/**
 * The refusals' words, one place for the request's 409s and the options the order page shows
 * beside each line before the shopper asks.
 */
export const refusals = {
  replacement:
    'This order is the replacement of an exchange: it cannot be exchanged or returned again.',
  notDelivered: 'Only a delivered order can be exchanged or returned.',
  windowClosed: (end: Date, days: number) =>
    `The window to exchange or return this order closed on ${indiaDay(end)} (${days} days after delivery).`,
  exchangesOff: 'This shop does not offer exchanges at the moment.',
  returnsOff: 'This shop does not take returns at the moment.',
  notReturnable: (name: string) => `${name} cannot be exchanged or returned.`,
  allSentBack: (name: string) => `${name} has already been sent back.`,
  /** Every piece is in an exchange or return that failed the shop's check: it goes back to them. */
  failedCheck: (name: string) =>
    `${name} ${RETURN_STATUS_PHRASES.check_failed}, so we are sending it back to you.`,
  someLeft: (left: number, name: string) => `Only ${left} of ${name} can still be sent back.`,
  exchangedOnce: (name: string) =>
    `${name} has been exchanged once already: one exchange per item.`,
  noLongerSold: (name: string) => `${name} is no longer sold, so it cannot be exchanged.`,
  nothingToExchange: (name: string) =>
    `No other size or colour of ${name} is in stock at the moment.`,
};

/** Why nothing of the order can be exchanged or returned now, or null when it can. */
export function orderClosed(deps: AppDeps, order: LeanOrder, windowDays: number): string | null {
  if (order.exchangeFor) return refusals.replacement;
  if (order.status !== 'delivered') return refusals.notDelivered;
  const end = returnWindowEnd(deliveredAt(order), windowDays);
  if (deps.now().getTime() > end.getTime()) return refusals.windowClosed(end, windowDays);
  return null;
}

/** The shop marks the line's product, or its category, not returnable. */
export const notReturnable = (
  settings: ReturnsSettings,
  line: { product: unknown },
  product: ProductJson | undefined,
) =>
  settings.nonReturnableProducts.includes(String(line.product)) ||
  Boolean(product && settings.nonReturnableCategories.includes(product.category._id));

/**
 * The pieces of a line the counting requests already send back, whether one exchanges it, and
 * whether every one of them failed the shop's check (so is on its way back to the shopper).
 */
export function sentBackOf(
  requests: ReadonlyArray<{
    kind: unknown;
    status?: unknown;
    items: ReadonlyArray<{ itemId: string; quantity: number }>;
  }>,
  itemId: string,
) {
  const lines = requests.flatMap((r) =>
    r.items
      .filter((i) => i.itemId === itemId)
      .map((i) => ({ kind: r.kind, status: r.status, ...i })),
  );
  return {
    sent: lines.reduce((s, i) => s + i.quantity, 0),
    exchanged: lines.some((i) => i.kind === 'exchange'),
    failedCheck: lines.length > 0 && lines.every((i) => i.status === 'check_failed'),
  };
}

/** Why no more of a line can be sent back: all of it is, or all of it failed the check. */
export const allSentBackRefusal = (name: string, failedCheck: boolean) =>
  failedCheck ? refusals.failedCheck(name) : refusals.allSentBack(name);

/**
 * Deletes a request's photo unless a request still shows it (the same picture sent again gets
 * the same content-hashed key). Failures are logged, never thrown: the refusal stands.
 */
async function releasePhoto(deps: AppDeps, photo: StoredPhoto | undefined): Promise<void> {
  if (!photo) return;
  try {
    if (await Order.exists({ 'returns.photo.key': photo.key })) return;
    await deps.photos.remove(photo);
  } catch (err) {
    deps.logger.warn({ err, key: photo.key }, 'could not delete a return photo');
  }
}

/**
 * POST /orders/{orderId}/returns: the shopper asks to exchange or return pieces of a delivered
 * order, with an optional photo (the file's bytes). Answers the order with its returns; refused
 * as a whole (nothing held, nothing written, no photo kept) when any line is refused.
 */
export async function requestReturns(
  deps: AppDeps,
  orderId: string,
  userId: string,
  body: ReturnRequestBody,
  photoFile?: Buffer,
) {
  const stored: { photo?: StoredPhoto } = {};
  try {
    return await writeRequest(deps, orderId, userId, body, async () => {
      if (photoFile && !stored.photo)
        stored.photo = await storeUpload(deps, photoFile, `return-${orderId}`, 'a return photo');
      return stored.photo;
    });
  } catch (err) {
    await releasePhoto(deps, stored.photo);
    throw err;
  }
}

/** requestReturns' checks and write; `photo` stores the photo once every check has passed. */
async function writeRequest(
  deps: AppDeps,
  orderId: string,
  userId: string,
  body: ReturnRequestBody,
  photo: () => Promise<StoredPhoto | undefined>,
) {
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const found = await Order.findById(orderId).lean<LeanOrder>();
    if (!found) throw notFound('Order not found');
    if (String(found.user) !== userId) throw forbidden('This order belongs to another account');
    const order = await withItemIds(found);
    // The window is the one the Returns page states (the shop section's returnDays).
    const { returns: settings, shop } = await getSettingsOf(['returns', 'shop']);
    const closed = orderClosed(deps, order, shop.returnDays);
    if (closed) throw conflict(closed);
    const products = new Map(
      (await findProductsByIds(order.items.map((i) => String(i.product)))).map((p) => [p._id, p]),
    );

    const open = counting(order);
    const at = deps.now();
    type Line = { itemId: string; quantity: number } & Record<string, unknown>;
    const created: Array<{ kind: string; items: Line[] } & Record<string, unknown>> = [];
    const holds: StockLine[] = [];
    for (const [k, wanted] of body.items.entries()) {
      const line = order.items.find((i) => i.itemId === wanted.itemId);
      if (!line) throw fieldError(k, 'itemId', 'This order has no such item');
      const name = line.name;
      if (wanted.kind === 'exchange' && !settings.exchangesOffered)
        throw conflict(refusals.exchangesOff);
      if (wanted.kind === 'return' && !settings.returnsOffered) throw conflict(refusals.returnsOff);
      const product = products.get(String(line.product));
      if (notReturnable(settings, line, product)) throw conflict(refusals.notReturnable(name));
      if (wanted.quantity > line.cartQuantity)
        throw fieldError(
          k,
          'quantity',
          `You bought ${line.cartQuantity} of ${name}: you can send back at most that many`,
        );
      const { sent, exchanged, failedCheck } = sentBackOf([...open, ...created], wanted.itemId);
      if (sent + wanted.quantity > line.cartQuantity)
        throw conflict(
          sent >= line.cartQuantity
            ? allSentBackRefusal(name, failedCheck)
            : refusals.someLeft(line.cartQuantity - sent, name),
        );
      const size = line.size ?? ONE_SIZE;
      const item: Line = {
        itemId: wanted.itemId,
        product: line.product,
        name,
        quantity: wanted.quantity,
        size,
        ...(line.colour ? { colour: line.colour } : {}),
      };
      if (wanted.kind === 'exchange') {
        if (exchanged) throw conflict(refusals.exchangedOnce(name));
        if (!product) throw conflict(refusals.noLongerSold(name));
        const colour = colourOfLine(product, wanted.colour ?? line.colour ?? undefined);
        if (!colour)
          throw fieldError(
            k,
            'colour',
            `${name} does not come in ${wanted.colour ?? 'that colour'}`,
          );
        const wantedSize = wanted.size ?? size;
        if (!colour.sizes.some((s) => s.size === wantedSize))
          throw fieldError(k, 'size', `${name} does not come in size ${wantedSize}`);
        const boughtColour = colourOfLine(product, line.colour ?? undefined)?.name;
        if (wantedSize === size && colour.name === boughtColour)
          throw fieldError(k, 'size', 'Choose another size or colour than the one you have');
        item.wantedSize = wantedSize;
        item.wantedColour = colour.name;
        holds.push({
          productId: String(line.product),
          colour: colour.name,
          size: wantedSize,
          quantity: wanted.quantity,
        });
      }
      created.push({
        _id: new Types.ObjectId(),
        kind: wanted.kind,
        status: 'requested',
        items: [item],
        reason: wanted.reason,
        ...(wanted.comment ? { comment: wanted.comment } : {}),
        hold: wanted.kind === 'exchange' ? 'held' : 'none',
        refund: null,
        replacement: null,
        timeline: [{ status: 'requested', at, by: 'customer' }],
        createdAt: at,
      });
    }

    const shown = await photo();
    if (shown) for (const r of created) r.photo = shown;
    const held = holds.length ? await decrementStock(holds) : ({ ok: true } as const);
    if (!held.ok) {
      const what = describeLine(
        products.get(held.productId)?.name ?? 'This tee',
        held.colour,
        held.size,
      );
      throw conflict(
        held.available > 0
          ? `Only ${held.available} left of ${what}: choose fewer or another size.`
          : `${what} is out of stock: choose another size or colour.`,
      );
    }
    const written = await Order.updateOne(
      { _id: order._id, status: 'delivered', returns: { $size: (order.returns ?? []).length } },
      { $push: { returns: { $each: created } } },
    );
    if (written.matchedCount !== 1) {
      // Another request (or a status change) came first: give the stock back and look again.
      await restoreStock(holds);
      continue;
    }
    const after = (await Order.findById(order._id).lean<LeanOrder>())!;
    for (const r of created) await mailReturnStep(deps, after, String(r._id));
    return { success: true, order: toOrderDto(after) };
  }
  throw conflict('This order is being changed by someone else. Please try again.');
}
