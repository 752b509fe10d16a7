import { useEffect, type RefObject } from 'react';

/**
 * Keeps --top-bar-height on <html> equal to the bar's height (it wraps on phones), so toasts
 * start below the bar and never cover its controls.
 */
export function usePublishedHeight(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const bar = ref.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const publish = () =>
      document.documentElement.style.setProperty('--top-bar-height', `${bar.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(bar);
    return () => observer.disconnect();
  }, [ref]);
}
