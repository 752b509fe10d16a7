/**
 * New pages start at the top; the back and forward buttons return to where you were on that
 * page. Keyed by path, so the home page's filter and page changes (query string only) don't
 * jump. Content arrives after the route does, so a restore retries for a moment until the page
 * is tall enough.
 */
import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const positions = new Map<string, number>();
/** The path on screen, switched during the commit of a navigation, before any scroll event it causes. */
let currentPath = '';

function remember() {
  positions.set(currentPath, window.scrollY);
}

export function useScrollRestoration(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  useLayoutEffect(() => {
    // The page as loaded (no path on screen yet) stays where the browser put it: a
    // server-rendered page may have been scrolled, or restored on a reload, before the app ran.
    // A change of the query alone (a filter, a size, the first one too) is the same page.
    const previous = currentPath;
    currentPath = pathname;
    if (!previous || previous === pathname) return;
    const saved = positions.get(pathname);
    if (navigationType !== 'POP' || saved === undefined) {
      window.scrollTo(0, 0);
      return;
    }
    let tries = 0;
    let frame = 0;
    const restore = () => {
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= saved;
      window.scrollTo(0, saved);
      if (!reachable && ++tries < 60) frame = requestAnimationFrame(restore);
    };
    restore();
    return () => cancelAnimationFrame(frame);
  }, [pathname, navigationType]);
}
