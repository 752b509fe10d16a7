/**
 * "Notify me": a shopper asks to be mailed once when a sold-out colour and size of a product is
 * back in stock (docs/behaviour/back-in-stock.md).
 */
import { z } from 'zod';
import { COLOUR_NAME_MAX } from '../constants/index.js';
import { email } from './user.js';

export const backInStockBody = z
  .object({
    colour: z
      .string({ error: 'Choose a colour' })
      .trim()
      .min(1, 'Choose a colour')
      .max(COLOUR_NAME_MAX, `Colour can be at most ${COLOUR_NAME_MAX} characters`),
    size: z
      .string({ error: 'Choose a size' })
      .trim()
      .min(1, 'Choose a size')
      .max(20, 'Size can be at most 20 characters'),
    /** A guest's address; a signed-in shopper is mailed at their account's and may leave it out. */
    email: email.optional(),
  })
  .meta({ id: 'BackInStockBody' });
export type BackInStockBody = z.infer<typeof backInStockBody>;

export const backInStockResponse = z
  .object({ success: z.boolean(), message: z.string() })
  .meta({ id: 'BackInStockResponse' });
export type BackInStockResponse = z.infer<typeof backInStockResponse>;

/** The form on the product page: the email is asked of a guest only. */
export const backInStockForm = z.object({ email });
export type BackInStockForm = z.infer<typeof backInStockForm>;
