/**
 * The shop's origin for absolute links (the Share button's): in the browser the origin the server
 * rendered the page for (`data-origin` on the root: `PUBLIC_URL`, else the request's host), else
 * the page's own; on the server the render's origin (entry-server.tsx passes it to AppProvider).
 * One value for both renders, so a server-rendered page is taken over without a mismatch.
 */
import { createContext, useContext } from 'react';

/** The browser's value by default ('' on the server, where each render provides its own). */
const SiteOrigin = createContext(
  typeof document === 'undefined'
    ? ''
    : document.getElementById('root')?.dataset.origin || window.location.origin,
);

export const SiteOriginProvider = SiteOrigin.Provider;

export function useSiteOrigin(): string {
  return useContext(SiteOrigin);
}
