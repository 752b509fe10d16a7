import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** 2 columns on phones, 3 on tablets, 4 on desktops. */
export function ProductGrid({
  children,
  className,
  label,
}: {
  children: ReactNode;
  className?: string;
  label?: string;
}) {
  return (
    <ul
      aria-label={label}
      className={cn('grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4', className)}
    >
      {children}
    </ul>
  );
}

export function ProductGridItem({ children }: { children: ReactNode }) {
  return <li className="flex [&>*]:flex-1">{children}</li>;
}
