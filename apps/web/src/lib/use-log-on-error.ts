import { useEffect } from 'react';

/**
 * Logs a failed load once per failure (each failure is a new error object), for the loads that are
 * "only logged" (docs/behaviour/storefront-and-seo.md): the page shows what it has and tells the
 * user nothing.
 */
export function useLogOnError(error: unknown, message: string): void {
  useEffect(() => {
    if (error) console.error(message, error);
  }, [error, message]);
}
