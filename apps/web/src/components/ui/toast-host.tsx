/** The toast container with SPEC §9's defaults, loaded after the page itself. */
import { lazy, Suspense } from 'react';
import { TOAST_DEFAULTS } from '@repo/shared/constants';
import { loadToastify } from '@/lib/toast';

const Container = lazy(async () => {
  const [{ ToastContainer }] = await Promise.all([loadToastify(), import('react-toastify/dist/ReactToastify.css')]);
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

export function ToastHost() {
  return (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  );
}
