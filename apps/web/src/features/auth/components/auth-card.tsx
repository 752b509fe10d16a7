import type { ReactNode } from 'react';

/** The centred card the sign-in pages share. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-8 sm:py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-black tracking-tight">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && (
        <div className="mt-4 text-center text-sm text-slate-700 dark:text-slate-300">{footer}</div>
      )}
    </div>
  );
}

/** py-2.5: a 40 px tap area for the links under the card. */
export const textLink =
  'inline-block py-2.5 font-semibold text-brand-700 hover:underline dark:text-brand-100';
