/**
 * The toast container (top right, 5 s, paused on hover and focus loss), loaded after the page
 * itself: at the first toast, or once the page has loaded and the browser is idle, so it never
 * competes with the page's own code and photos.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { TOAST_DEFAULTS } from '@repo/shared/constants';
import { loadToastify, onToastifyLoad } from '@/lib/toast';

const Container = lazy(async () => {
  const [{ ToastContainer }] = await Promise.all([
    loadToastify(),
    import('react-toastify/dist/ReactToastify.css'),
  ]);
  return {
    default: () => (
      <ToastContainer
        position={TOAST_DEFAULTS.position}
        autoClose={TOAST_DEFAULTS.autoClose}
        pauseOnHover={TOAST_DEFAULTS.pauseOnHover}
        pauseOnFocusLoss={TOAST_DEFAULTS.pauseOnFocusLoss}
        theme={TOAST_DEFAULTS.theme}
      />
    ),
  };
});

function whenPageIdle(run: () => void): () => void {
  let handle: number | undefined;
  const schedule = () => {
    handle = window.requestIdleCallback
      ? window.requestIdleCallback(run)
      : window.setTimeout(run, 200);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (handle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(handle);
  };
}

export function ToastHost() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const mount = () => setMounted(true);
    const stopWaiting = onToastifyLoad(mount);
    const stopIdle = whenPageIdle(mount);
    return () => {
      stopWaiting();
      stopIdle();
    };
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  );
}
