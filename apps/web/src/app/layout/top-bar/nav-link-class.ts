import { cn } from '@/lib/cn';

/** A top-bar link; the tinted pill marks the current page (a colour change alone was too faint in dark mode). */
export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2.5 text-sm font-medium',
    isActive
      ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white'
      : 'text-slate-700 hover:text-brand-700 dark:text-slate-300 dark:hover:text-white',
  );
