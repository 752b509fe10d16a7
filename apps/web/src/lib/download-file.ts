/**
 * Downloads a file the API answers (a PDF, a CSV) with the session's token, and hands it to the
 * browser as a download named `filename`. Throws ApiError with the server's message on refusal.
 * A module of its own: only the pages with invoices and reports load it.
 */
import { API_BASE, ApiError, refusal } from './api-client';
import { tokenStore } from './storage';

export async function downloadFile(path: string, filename: string): Promise<void> {
  const headers = new Headers();
  const token = tokenStore.get();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, { headers });
  } catch {
    throw new ApiError(0, 'Network error: please check your connection.');
  }
  if (!res.ok)
    throw refusal(res, (await res.json().catch(() => ({}))) as Record<string, unknown>, token);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
