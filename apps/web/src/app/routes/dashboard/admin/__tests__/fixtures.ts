import { vi } from 'vitest';
/** Ids and a held-back answer for the admin tests. */
export const ids = {
  tees: '64b000000000000000000001',
  hoodies: '64b000000000000000000002',
  polo: '64b000000000000000000003',
  product: '64b0000000000000000000a1',
  order: '64b0000000000000000000f1',
};

/** A promise with its resolve exposed, to hold an answer back (loading states). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** What a handler throws to play a network failure (fetch rejects). */
export function networkError(): never {
  throw new TypeError('Failed to fetch');
}

/** Previews get numbered URLs ("blob:preview-1", …) and their revocations are recorded. */
export function stubPreviewUrls() {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
  URL.revokeObjectURL = vi.fn();
}
