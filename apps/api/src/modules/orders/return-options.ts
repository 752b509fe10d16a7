/**
 * GET /orders/{orderId}/returns/options: what the shopper may exchange or return of their
 * delivered order now (docs/behaviour/returns.md), so the order page offers only that and says
 * why beside a line it cannot offer, in the words the request itself would refuse with. The
 * request checks everything again: stock and settings may move in between.
 */
import {
  coloursOf,
  colourOfLine,
  ONE_SIZE,
  returnWindowEnd,
  sortSizes,
  type ReturnOptionsResponse,
} from '@repo/shared';
import { forbidden, notFound } from '../../lib/errors.js';
import type { AppDeps } from '../../lib/types.js';
import { findProductsByIds } from '../products/index.js';
import { getSettingsOf } from '../settings/index.js';
import { withItemIds } from './item-ids.js';
import { Order, type LeanOrder } from './order.model.js';
import {
  allSentBackRefusal,
  counting,
  deliveredAt,
  notReturnable,
  orderClosed,
  refusals,
  sentBackOf,
} from './returns.js';

export async function returnOptions(
  deps: AppDeps,
  orderId: string,
  userId: string,
): Promise<ReturnOptionsResponse> {
  const found = await Order.findById(orderId).lean<LeanOrder>();
  if (!found) throw notFound('Order not found');
  if (String(found.user) !== userId) throw forbidden('This order belongs to another account');
  const order = await withItemIds(found);
  const { returns: settings, shop } = await getSettingsOf(['returns', 'shop']);
  const products = new Map(
    (await findProductsByIds(order.items.map((i) => String(i.product)))).map((p) => [p._id, p]),
  );
  const open = counting(order);
  return {
    success: true,
    windowEndsAt:
      order.status === 'delivered'
        ? returnWindowEnd(deliveredAt(order), shop.returnDays).toISOString()
        : null,
    closed: orderClosed(deps, order, shop.returnDays),
    items: order.items.map((line) => {
      const name = line.name;
      const product = products.get(String(line.product));
      const { sent, exchanged, failedCheck } = sentBackOf(open, line.itemId!);
      const left = Math.max(0, line.cartQuantity - sent);
      const refused = notReturnable(settings, line, product)
        ? refusals.notReturnable(name)
        : left === 0
          ? allSentBackRefusal(name, failedCheck)
          : null;
      // The colours and sizes in stock, other than the one bought.
      const bought = product && colourOfLine(product, line.colour ?? undefined)?.name;
      const size = line.size ?? ONE_SIZE;
      const choices = product
        ? coloursOf(product)
            .map((c) => ({
              colour: c.name,
              sizes: sortSizes(c.sizes)
                .filter((s) => s.quantity > 0 && !(c.name === bought && s.size === size))
                .map((s) => ({ size: s.size, quantity: s.quantity })),
            }))
            .filter((c) => c.sizes.length > 0)
        : [];
      const exchangeRefused = !settings.exchangesOffered
        ? refusals.exchangesOff
        : exchanged
          ? refusals.exchangedOnce(name)
          : !product
            ? refusals.noLongerSold(name)
            : choices.length === 0
              ? refusals.nothingToExchange(name)
              : null;
      return {
        itemId: line.itemId!,
        left,
        refused,
        exchange: { refused: exchangeRefused, choices: exchangeRefused ? [] : choices },
        return: { refused: settings.returnsOffered ? null : refusals.returnsOff },
      };
    }),
  };
}
