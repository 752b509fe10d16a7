/**
 * POST /api/product/{id}/back-in-stock: "Notify me" for a colour and size that is sold out now.
 * Refused, with nothing written, for a colour or size the product is not made in, a pair in
 * stock (the shopper can buy it), or a guest without an email; asked twice, it is the same one
 * (the unique index), and asked again after its mail it waits for the next time.
 */
import { colourKey, findColour, variantLabel, type BackInStockBody } from '@repo/shared';
import { badRequest, isDuplicateKey, notFound } from '../../lib/errors.js';
import { claim } from '../../lib/rate-limit.js';
import type { AppDeps } from '../../lib/types.js';
import { readStock } from '../products/index.js';
import { BackInStock } from './back-in-stock.model.js';
import { BACK_IN_STOCK_LIMITS } from './limits.js';

const DAY_MS = 86_400_000;
/** How long an ask waits for its pair to come back before the TTL index removes it. */
export const WAITING_DAYS = 180;

const fieldError = (path: string, message: string) =>
  badRequest(message, { issues: [{ path, message }] });

/** How the answer and the mail name the pair: "Black · M", "Size M", "Black", or "it". */
export const pairName = (colour: string, size: string) => variantLabel({ colour, size }) || 'it';

export async function askBackInStock(
  deps: Pick<AppDeps, 'limits' | 'now'>,
  productId: string,
  body: BackInStockBody,
  who: { address: string; accountEmail: string | undefined },
): Promise<{ success: true; message: string }> {
  const stock = (await readStock([productId])).get(productId.toLowerCase());
  if (!stock) throw notFound('Product not found');
  const colour = findColour(stock.colours, body.colour);
  if (!colour) throw fieldError('colour', `This T-shirt does not come in ${body.colour}`);
  const size = colour.sizes.find((s) => s.size === body.size);
  if (!size) {
    const named = variantLabel({ colour: colour.name });
    throw fieldError(
      'size',
      `${named ? `${named} does not come` : 'This T-shirt does not come'} in size ${body.size}`,
    );
  }
  const name = pairName(colour.name, size.size);
  if (size.quantity > 0)
    throw fieldError('size', `${name === 'it' ? 'It' : name} is in stock: add it to your cart`);
  // A signed-in shopper is mailed at their account's address.
  const email = who.accountEmail ?? body.email;
  if (!email) throw fieldError('email', 'Email is required');
  await claim(deps.limits, BACK_IN_STOCK_LIMITS.perAddress, who.address);

  const now = deps.now();
  const key = { product: productId, colourKey: colourKey(colour.name), size: size.size, email };
  try {
    await BackInStock.updateOne(
      key,
      {
        $set: {
          colour: colour.name,
          // Asked again after its mail (sold out again since): it waits for the next time.
          notifiedAt: null,
          expiresAt: new Date(now.getTime() + WAITING_DAYS * DAY_MS),
        },
      },
      { upsert: true },
    );
  } catch (err) {
    // Two asks at once: the other one wrote it.
    if (!isDuplicateKey(err)) throw err;
  }
  return { success: true, message: `We'll email you when ${name} is back` };
}
