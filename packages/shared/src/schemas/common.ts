import { z } from 'zod';
import { tooLong } from '../constants/limits.js';

/** A MongoDB ObjectId as 24 hex characters. */
export const objectId = z.string().regex(/^[a-f\d]{24}$/i, 'Must be a valid id');
export const idParams = z.object({ id: objectId });

/** C0 control characters and DEL, except tab, line feed and carriage return (multi-line text). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Every control character: for one-line values that reach a query (keywords, slugs). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A trimmed, required text field, without control characters (a NUL breaks queries). */
export const requiredText = (label: string, max = 2000) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, tooLong(label, max))
    .refine((v) => !CONTROL_IN_TEXT.test(v), `${label} must not contain control characters`);

/** A trimmed text field that may be left empty ('' when missing), without control characters. */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, tooLong(label, max))
    .refine((v) => !CONTROL_IN_TEXT.test(v), `${label} must not contain control characters`)
    .default('');

/**
 * A list sent as JSON text (a multipart field) or as a list (JSON body); `message` when the text
 * is not JSON. Pipe it into the list's own schema.
 */
export const jsonList = (message: string) =>
  z.union([z.string(), z.array(z.unknown())]).transform((v, ctx) => {
    if (Array.isArray(v)) return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
  });

/** A one-line value used in a query (a keyword, a slug, a payment id): no control characters at all. */
export const queryText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(max, tooLong(label, max))
    .refine((v) => !CONTROL.test(v), `${label} must not contain control characters`);

/** Every error the API sends: `{ success: false, message }`, with field issues on 400. */
export const errorResponse = z
  .looseObject({
    success: z.literal(false),
    message: z.string(),
    error: z.string().optional(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    requestId: z.string().optional(),
    /** On a 409 from checkout: the product, colour and size concerned, how many are left, the new total. */
    productId: z.string().optional(),
    /** null: a colour (or size) must be chosen. */
    colour: z.string().nullable().optional(),
    size: z.string().nullable().optional(),
    available: z.number().optional(),
    total: z.number().optional(),
    /** On a 409 from a status change sent with `from`: the order's status now. */
    status: z.string().optional(),
  })
  .meta({
    id: 'Error',
    description:
      'Every error. A conflict may carry more fields saying what changed (documented ones above).',
  });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const successMessage = z.object({ success: z.boolean(), message: z.string() });
export type SuccessMessage = z.infer<typeof successMessage>;

export const healthResponse = z.object({ status: z.literal('ok'), db: z.string() });
export const readyResponse = z.object({ status: z.literal('ready') });
export type HealthResponse = z.infer<typeof healthResponse>;

/** A code as the shop stores it: 3 to 20 capital letters, digits or hyphens ("WELCOME10"). */
export const couponCode = z
  .string({ error: 'Enter a code' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{2,19}$/, 'A code is 3 to 20 letters, digits or hyphens');

/** A code the shopper typed, in any case ('' or absent: none). */
export const optionalCouponCode = z
  .string()
  .trim()
  .max(40, 'A code is at most 20 characters')
  .transform((v) => v.toUpperCase())
  .pipe(z.union([z.literal(''), couponCode]))
  .optional();
