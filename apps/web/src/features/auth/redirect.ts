/**
 * Where to go after signing in: the page the visitor came from (location.state.from, set by
 * the guards as a location and by the cart as a path), else home.
 */
import { paths } from '@/config/paths';

const AUTH_PAGES: string[] = [paths.login, paths.register, paths.forgotPassword];

export function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  let target: string | undefined;
  if (typeof from === 'string') target = from;
  else if (
    from &&
    typeof from === 'object' &&
    typeof (from as { pathname?: unknown }).pathname === 'string'
  ) {
    const {
      pathname,
      search = '',
      hash = '',
    } = from as { pathname: string; search?: string; hash?: string };
    target = pathname + search + hash;
  }
  // Only paths inside the shop, and never back to a sign-in page.
  if (!target || !target.startsWith('/') || target.startsWith('//')) return paths.home;
  if (AUTH_PAGES.some((p) => target.split(/[?#]/)[0]?.toLowerCase() === p.toLowerCase()))
    return paths.home;
  return target;
}
