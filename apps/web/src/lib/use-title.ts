import { useEffect } from 'react';

const SHOP = 'T-Shirt Shop';

/** Sets the document title for the current page ("Cart | T-Shirt Shop"). */
export function useTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SHOP}` : `Printed T-Shirts | ${SHOP}`;
  }, [title]);
}
