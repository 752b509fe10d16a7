import { z } from 'zod';
import { GST_STATE_NAMES } from '../constants/gst.js';
import { gstinProblem, normaliseGstin } from '../rules/gstin.js';

/** A GSTIN as typed (spaces and lower case forgiven), checked for its format, state and check character. */
export const gstin = z
  .string({ error: 'GSTIN is required' })
  .max(40, 'GSTIN is too long')
  .transform(normaliseGstin)
  .superRefine((value, ctx) => {
    const problem = gstinProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A GSTIN a shopper may leave empty (a business buying tees gives one; "" means none). */
export const optionalGstin = z.union([z.literal(''), gstin]);

export const gstState = z.enum(GST_STATE_NAMES, { error: 'Choose a state' });

/** `?month=2026-11`: a calendar month, for the GST report. */
export const gstReportQuery = z.object({
  month: z
    .string({ error: 'Month is required' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must look like 2026-11'),
});
export type GstReportQuery = z.infer<typeof gstReportQuery>;
