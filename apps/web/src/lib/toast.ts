/**
 * Toasts without react-toastify in the first bundle: the library loads on first use (or
 * when the browser is idle), and calls made before it arrives are shown once it has.
 */
import type * as Toastify from 'react-toastify';

type Kind = 'success' | 'error' | 'info' | 'warning';

let loaded: Promise<typeof Toastify> | undefined;
const loadListeners = new Set<() => void>();

export function loadToastify() {
  if (!loaded) {
    loaded = import('react-toastify');
    loadListeners.forEach((listener) => listener());
  }
  return loaded;
}

/** Calls `listener` once the library is asked for (at once if it already was). */
export function onToastifyLoad(listener: () => void): () => void {
  if (loaded) listener();
  else loadListeners.add(listener);
  return () => loadListeners.delete(listener);
}

function show(kind: Kind, message: string) {
  void loadToastify().then(({ toast: t }) => t[kind](message));
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
};
