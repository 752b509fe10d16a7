/** Class sets for labels, cards and page titles that the other components/ui pieces do not cover. */

export const labelClass = 'block text-sm font-medium text-slate-800 dark:text-slate-200';

export const cardClass =
  'rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900';

export const pageTitleClass = 'text-xl font-bold text-slate-900 sm:text-2xl dark:text-white';
