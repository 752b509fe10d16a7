import { z } from 'zod';

/** A MongoDB ObjectId as 24 hex characters. */
export const objectId = z.string().regex(/^[a-f\d]{24}$/i, 'Must be a valid id');
export const idParams = z.object({ id: objectId });

/** A trimmed, required text field. */
export const requiredText = (label: string, max = 2000) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

/** Every error the API sends: `{ success: false, message }`, with field issues on 400. */
export const errorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const successMessage = z.object({ success: z.boolean(), message: z.string() });
export type SuccessMessage = z.infer<typeof successMessage>;

export const healthResponse = z.object({ status: z.literal('ok'), db: z.string() });
export type HealthResponse = z.infer<typeof healthResponse>;
