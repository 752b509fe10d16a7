import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A friendly message where a list has nothing to show, with an optional icon (from ./icons) and action below. */
export function EmptyState({
  title,
  children,
  icon,
  className,
}: {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700',
        className,
      )}
    >
      {icon && (
        <span
          aria-hidden="true"
          className="text-4xl text-slate-400 dark:text-slate-500 [&>svg]:h-10 [&>svg]:w-10"
        >
          {icon}
        </span>
      )}
      <p className="mt-3 text-base font-semibold text-slate-800 dark:text-slate-100">{title}</p>
      {children && (
        <div className="mt-4 text-sm text-slate-600 dark:text-slate-400">{children}</div>
      )}
    </div>
  );
}
