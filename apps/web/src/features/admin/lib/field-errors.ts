import { ApiError } from '@/lib/api-client';

/** The server's field messages (a 400's `issues`), by the field's whole path ("shipment.awb"). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !Array.isArray(error.body.issues)) return {};
  const out: Record<string, string> = {};
  for (const issue of error.body.issues as Array<{ path?: string; message?: string }>)
    if (issue.path && issue.message) out[issue.path] ??= issue.message;
  return out;
}
