/**
 * Light/dark theme kept in the browser (default light), applied as the "dark" class on <html>.
 * index.html's inline script applies the stored theme before the first paint (and before this
 * runs); from then on every change of the stored theme (this tab's toggle, another tab's)
 * applies it here. Not from a
 * render's effect: while React takes over a server-rendered page it renders the light theme
 * first (the server cannot know), and that render must not take the class away.
 */
import { darkThemeStore, useStore } from './storage';

const applyTheme = () => document.documentElement.classList.toggle('dark', darkThemeStore.get());

if (typeof document !== 'undefined') darkThemeStore.subscribe(applyTheme);

export function useDarkTheme(): [boolean, () => void] {
  const dark = useStore(darkThemeStore);
  return [dark, () => darkThemeStore.set((d) => !d)];
}
