/** Returns and size exchanges: what the shopper and the admin send, and a request as the API shows it. */
import { z } from 'zod';
import {
  RETURN_KINDS,
  RETURN_MOVES,
  RETURN_REASONS,
  RETURN_STATUSES,
  RETURNS_WAITING,
} from '../constants/returns.js';
import { REFUND_STATUSES } from '../constants/orders.js';
import { RETURN_MOVES_NEEDING_NOTE } from '../rules/returns.js';
import { jsonList, objectId } from './common.js';
import { photoWidth } from './product.js';

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} can be at most ${max} characters`)
    .optional()
    .transform((v) => v || undefined);

/** One line of a request: which piece(s), exchanged for which size and colour, or returned. */
export const returnRequestItem = z
  .object({
    itemId: objectId,
    quantity: z
      .number({ error: 'Enter how many pieces' })
      .int('Enter a whole number of pieces')
      .min(1, 'Send back at least 1 piece')
      .max(100, 'At most 100 pieces'),
    kind: z.enum(RETURN_KINDS, { error: 'Choose exchange or return' }),
    /** The size wanted (exchanges; the bought one when left out). */
    size: optionalText('Size', 20),
    /** The colour wanted (exchanges; the bought one when left out). */
    colour: optionalText('Colour', 40),
    reason: z.enum(RETURN_REASONS, { error: 'Choose a reason' }),
    /** The shopper's words: needed with the reason "other". */
    comment: optionalText('Your note', 500),
  })
  .superRefine((item, ctx) => {
    if (item.reason === 'other' && !item.comment)
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Tell us what is wrong' });
    if (item.kind === 'return' && (item.size || item.colour))
      ctx.addIssue({
        code: 'custom',
        path: [item.size ? 'size' : 'colour'],
        message: 'A size or colour goes only with an exchange',
      });
    if (item.kind === 'exchange' && !item.size && !item.colour)
      ctx.addIssue({
        code: 'custom',
        path: ['size'],
        message: 'Choose the size (or colour) you want instead',
      });
  });
export type ReturnRequestItem = z.infer<typeof returnRequestItem>;

const returnRequestItems = z
  .array(returnRequestItem, { error: 'Choose what to send back' })
  .min(1, 'Choose what to send back')
  .max(50, 'At most 50 lines at once');

export const returnRequestBody = z
  .object({ items: returnRequestItems })
  .meta({ id: 'ReturnRequest' });
export type ReturnRequestBody = z.infer<typeof returnRequestBody>;
/** What a client sends (fields it leaves out stay out). */
export type ReturnRequestInput = z.input<typeof returnRequestBody>;

/**
 * The request as the API reads it: a JSON body, or multipart/form-data with `items` as JSON text
 * beside one optional `photo` file.
 */
export const returnRequestForm = z.object({
  items: jsonList(
    'items must be a JSON list, for example [{"itemId":"…","quantity":1,"kind":"return","reason":"damaged"}]',
  ).pipe(returnRequestItems),
});

/** The admin's move (or the shopper's cancel); `reference` records a COD refund's transfer. */
export const returnMoveBody = z
  .object({
    status: z.enum(RETURN_MOVES, { error: `Status must be one of: ${RETURN_MOVES.join(', ')}` }),
    note: optionalText('The note', 500),
    reference: optionalText('The transfer reference', 60),
  })
  .superRefine((b, ctx) => {
    if ((RETURN_MOVES_NEEDING_NOTE as readonly string[]).includes(b.status) && !b.note)
      ctx.addIssue({
        code: 'custom',
        path: ['note'],
        message:
          b.status === 'rejected'
            ? 'Say why the request is rejected'
            : 'Say why the piece failed the check',
      });
  })
  .meta({ id: 'ReturnMove' });
export type ReturnMoveBody = z.infer<typeof returnMoveBody>;
export const returnIdParams = z.object({ returnId: objectId });

/** A request's line: the piece sent back, and for an exchange the size and colour wanted. */
export const returnItem = z.object({
  itemId: z.string(),
  name: z.string(),
  quantity: z.number(),
  /** The size and colour bought. */
  size: z.string(),
  colour: z.string().optional(),
  /** Exchanges: the size and colour wanted. */
  wantedSize: z.string().optional(),
  wantedColour: z.string().optional(),
});

/** The money back: through the provider (online payments) or a bank/UPI transfer (COD). */
export const returnRefund = z.object({
  method: z.enum(['provider', 'transfer']),
  /** The provider's refund id, or the transfer's reference. */
  id: z.string(),
  /** Paise: the line's price for the pieces returned. */
  amount: z.number(),
  status: z.enum(REFUND_STATUSES),
  createdAt: z.string(),
  failureReason: z.string().optional(),
});

export const returnTimelineEntry = z.object({
  status: z.enum(RETURN_STATUSES),
  at: z.string(),
  by: z.enum(['customer', 'admin']),
  note: z.string().optional(),
});

export const orderReturn = z
  .object({
    _id: objectId,
    kind: z.enum(RETURN_KINDS),
    status: z.enum(RETURN_STATUSES),
    items: z.array(returnItem),
    reason: z.enum(RETURN_REASONS),
    comment: z.string().optional(),
    /** The shopper's photo of the piece (optional), at each width the photo pipeline made. */
    photo: z.object({ url: z.string(), widths: z.array(photoWidth) }).optional(),
    refund: returnRefund.nullable(),
    /** An exchange that passed: the order that ships the replacement at no charge. */
    replacement: z.object({ orderId: objectId, number: z.string() }).nullable(),
    timeline: z.array(returnTimelineEntry),
  })
  .meta({ id: 'OrderReturn' });
export type OrderReturn = z.infer<typeof orderReturn>;

/** The admin's Returns page: `?status=` keeps one status, or `waiting` those awaiting staff. */
export const adminReturnsQuery = z.object({
  status: z
    .enum([...RETURN_STATUSES, RETURNS_WAITING], { error: 'No such return status' })
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminReturnsQuery = z.infer<typeof adminReturnsQuery>;

/**
 * GET /orders/{orderId}/returns/options: what the shopper may send back of a delivered order
 * now, line by line, with the server's reason wherever it would refuse (the same words as the
 * request's 409), and the sizes and colours in stock an exchange may ask for.
 */
export const returnOptionsResponse = z
  .object({
    success: z.boolean(),
    /** The end of the window (its last moment); null when the order is not delivered. */
    windowEndsAt: z.string().nullable(),
    /** Why nothing of the order can be sent back now (not delivered, window passed, a replacement). */
    closed: z.string().nullable(),
    items: z.array(
      z.object({
        itemId: z.string(),
        /** Pieces of the line that can still be asked for. */
        left: z.number(),
        /** Why the line cannot be sent back at all (not returnable, already sent back). */
        refused: z.string().nullable(),
        exchange: z.object({
          /** Why it cannot be exchanged (not offered, one exchange per item, nothing in stock). */
          refused: z.string().nullable(),
          /** The colours and sizes in stock, other than the one bought. */
          choices: z.array(
            z.object({
              colour: z.string(),
              sizes: z.array(z.object({ size: z.string(), quantity: z.number() })),
            }),
          ),
        }),
        return: z.object({ refused: z.string().nullable() }),
      }),
    ),
  })
  .meta({ id: 'ReturnOptions' });
export type ReturnOptionsResponse = z.infer<typeof returnOptionsResponse>;
