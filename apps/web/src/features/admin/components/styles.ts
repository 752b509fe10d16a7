/** Tailwind class sets shared by the admin screens (light and dark). */

export const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 ' +
  'focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:opacity-60 ' +
  'dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:placeholder:text-slate-500';

export const labelClass = 'mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200';

const buttonBase =
  'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

export const buttonClass = {
  primary: `${buttonBase} bg-brand-600 text-white hover:bg-brand-700 dark:bg-brand-500 dark:hover:bg-brand-600`,
  secondary: `${buttonBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700`,
  danger: `${buttonBase} bg-red-600 text-white hover:bg-red-700 dark:bg-red-600 dark:hover:bg-red-500`,
  small: 'rounded-md px-3 py-1.5 text-sm font-semibold transition-colors disabled:opacity-60',
} as const;

export const cardClass =
  'rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900';

export const pageTitleClass = 'text-xl font-bold text-slate-900 sm:text-2xl dark:text-white';
