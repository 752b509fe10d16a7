import { MoonIcon, SunIcon } from '@/components/ui/icons';
import { useDarkTheme } from '@/lib/theme';

export function ThemeToggle() {
  const [dark, toggle] = useDarkTheme();
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={dark}
      aria-label="Dark theme"
      title={dark ? 'Switch to light theme' : 'Switch to dark theme'}
      className="rounded-md p-2.5 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
