import { z } from 'zod';
import { INDIAN_STATE_NAMES } from '../constants/india.js';
import { gstinProblem, gstinState, normaliseGstin } from '../rules/gstin.js';

/** A GSTIN as typed (spaces and lower case forgiven), checked for its format, state and check character. */
export const gstin = z
  .string({ error: 'GSTIN is required' })
  .max(40, 'GSTIN is too long')
  // overwrite, not transform: still a string, so the OpenAPI document can describe it
  .overwrite(normaliseGstin)
  .superRefine((value, ctx) => {
    const problem = gstinProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A GSTIN a shopper may leave empty (a business buying tees gives one; "" means none). */
export const optionalGstin = z.union([z.literal(''), gstin]);

export const gstState = z.enum(INDIAN_STATE_NAMES, { error: 'Choose a state' });

/** `?month=2026-11`: a calendar month, for the GST report. */
export const gstReportQuery = z.object({
  month: z
    .string({ error: 'Month is required' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must look like 2026-11'),
});
export type GstReportQuery = z.infer<typeof gstReportQuery>;

/** An invoice series' prefix: 1 to 3 capitals or digits, so a number stays within 16 characters. */
const seriesPrefix = (label: string, fallback: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,3}$/, `${label} is 1 to 3 letters or digits`)
    .default(fallback);

/**
 * The seller as its tax invoices name it: the registered legal name, the address of the place of
 * business, its state and GSTIN, and the prefixes of the two series. Empty until an admin fills
 * it in; no invoice is made before (see gstSellerReady).
 */
export const gstSettingsFields = {
  legalName: z.string().trim().max(120, 'Legal name is too long').default(''),
  address: z.string().trim().max(300, 'Address is too long').default(''),
  state: z.union([z.literal(''), gstState]).default(''),
  gstin: optionalGstin.default(''),
  invoicePrefix: seriesPrefix('Invoice prefix', 'TS'),
  creditNotePrefix: seriesPrefix('Credit note prefix', 'CN'),
};
export const gstSettings = z.object(gstSettingsFields).superRefine((s, ctx) => {
  if (s.gstin && s.state && gstinState(s.gstin) !== s.state)
    ctx.addIssue({
      code: 'custom',
      path: ['gstin'],
      message: `This GSTIN is registered in ${gstinState(s.gstin) ?? 'another state'}, not ${s.state}`,
    });
  if (s.invoicePrefix === s.creditNotePrefix)
    ctx.addIssue({
      code: 'custom',
      path: ['creditNotePrefix'],
      message: 'Credit notes need a prefix of their own',
    });
});
export type GstSettings = z.infer<typeof gstSettings>;

/** True once every detail an invoice must carry is filled in. */
export function gstSellerReady(s: GstSettings): boolean {
  return Boolean(s.legalName && s.address && s.state && s.gstin);
}
