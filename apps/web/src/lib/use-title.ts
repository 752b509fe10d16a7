import { useEffect } from 'react';
import { env } from '@/config/env';

const SHOP = env.shopName;

/** Sets the document title for the current page ("Cart | T-Shirt Shop"). */
export function useTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SHOP}` : `Printed T-Shirts | ${SHOP}`;
  }, [title]);
}
