/** Light/dark theme kept in the browser (default light), applied as the "dark" class on <html>. */
import { useEffect } from 'react';
import { darkThemeStore, useStore } from './storage';

export function useDarkTheme(): [boolean, () => void] {
  const dark = useStore(darkThemeStore);
  useEffect(() => {
    document.documentElement.classList.toggle('dark', dark);
  }, [dark]);
  return [dark, () => darkThemeStore.set((d) => !d)];
}
