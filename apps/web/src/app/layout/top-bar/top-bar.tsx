/**
 * The top bar: brand, search, Home, About, Cart (badge = distinct lines, none when the
 * cart is empty), Login or the profile menu (Dashboard, Logout), the theme toggle; on phones a
 * cart icon with its badge and a slide-out menu. The bar's height is published as
 * --top-bar-height so toasts start below it and never cover its controls.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { MenuIcon, TeeIcon } from '@/components/ui/icons';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { SearchForm } from '@/features/catalog/components/search-form';
import { useSession } from '@/lib/session';
import { CartIconLink, CartLink } from './cart-links';
import { navLinkClass } from './nav-link-class';
import { ProfileMenu } from './profile-menu';
import { ThemeToggle } from './theme-toggle';
import { useLogout } from './use-logout';
import { usePublishedHeight } from './use-published-height';

/** The phones' menu: loaded when first opened. */
const MobileMenu = lazy(() => import('./mobile-menu'));

export function TopBar() {
  const { isAuthenticated } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  usePublishedHeight(headerRef);
  const location = useLocation();
  const logout = useLogout();

  useEffect(() => setMenuOpen(false), [location.pathname]);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90"
    >
      {/* Up to lg the search box has its own row: beside the links it would shrink to ~110 px. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 lg:h-16 lg:flex-nowrap lg:py-0">
        <Link
          to={paths.home}
          className="-my-1 shrink-0 py-1 text-lg font-extrabold tracking-tight text-brand-700 dark:text-brand-100"
        >
          <span className="inline-flex items-center gap-1.5">
            <TeeIcon className="h-6 w-6" />
            {env.shopName}
          </span>
        </Link>
        <SearchForm className="order-last w-full lg:order-none lg:ml-2 lg:w-auto lg:max-w-md lg:flex-1" />
        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 md:flex">
          <NavLink to={paths.home} end className={navLinkClass}>
            Home
          </NavLink>
          <NavLink to={paths.about} className={navLinkClass}>
            About
          </NavLink>
          <CartLink />
          {isAuthenticated ? (
            <ProfileMenu onLogout={() => logout({ toLogin: false })} />
          ) : (
            <NavLink to={paths.login} className={navLinkClass}>
              Login
            </NavLink>
          )}
        </nav>
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <CartIconLink />
          <ThemeToggle />
          <button
            type="button"
            className="rounded-md p-2 text-xl text-slate-800 md:hidden dark:text-slate-100"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-haspopup="dialog"
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon className="h-6 w-6" />
          </button>
        </div>
      </div>
      {/* The dialog sits in the browser's top layer: the bar's blur does not confine it. */}
      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu onClose={closeMenu} onLogout={() => logout({ toLogin: true })} />
        </Suspense>
      )}
    </header>
  );
}
