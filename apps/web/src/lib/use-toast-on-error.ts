import { useEffect } from 'react';
import { toast } from './toast';

/**
 * Shows `message` once per failed request (each failure is a new error object), so a toast
 * does not repeat on re-renders or fire once per retry.
 */
export function useToastOnError(error: unknown, message: string): void {
  useEffect(() => {
    if (error) toast.error(message);
  }, [error, message]);
}
