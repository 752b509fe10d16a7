/**
 * SPEC §2 top bar: brand, search, Home, About, Cart (badge = distinct lines, none when the
 * cart is empty), Login or the profile menu (Dashboard, Logout), the theme toggle; on phones a
 * cart icon with its badge and a slide-out menu. The bar's height is published as
 * --top-bar-height so toasts start below it and never cover its controls.
 */
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { CartIcon, MenuIcon, MoonIcon, SunIcon, TeeIcon } from '@/components/ui/icons';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useCart } from '@/features/cart/use-cart';
import { SearchForm } from '@/features/catalog/components/search-form';
import { cn } from '@/lib/cn';
import { queryKeys } from '@/lib/query-keys';
import { dashboardPath, signOut, useSession } from '@/lib/session';
import { useDarkTheme } from '@/lib/theme';
import { toast } from '@/lib/toast';
import { CartLink, cartLabel, navLink } from './nav-links';

/** The phones' menu: loaded when first opened. */
const MobileMenu = lazy(() => import('./mobile-menu'));

/** Phones: the cart stays one tap away in the bar, not only in the menu. */
function CartIconLink() {
  const { count } = useCart();
  return (
    <NavLink
      to={paths.cart}
      aria-label={cartLabel(count)}
      className={({ isActive }) =>
        cn(
          'relative rounded-md p-2.5 md:hidden',
          isActive
            ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white'
            : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
        )
      }
    >
      <CartIcon className="h-5 w-5" />
      {count > 0 && (
        <span
          data-testid="cart-badge"
          className="absolute top-0.5 right-0 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs leading-5 font-bold text-white"
        >
          {count}
        </span>
      )}
    </NavLink>
  );
}

/** Keeps --top-bar-height on <html> equal to the bar's height (it wraps on phones). */
function usePublishedHeight(ref: RefObject<HTMLElement | null>) {
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

function ThemeToggle() {
  const [dark, toggle] = useDarkTheme();
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={dark}
      aria-label="Dark theme"
      title={dark ? 'Switch to light theme' : 'Switch to dark theme'}
      className="rounded-md p-2.5 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}

/** Moves focus between a menu's items with the arrow keys, Home and End. */
function moveFocus(e: ReactKeyboardEvent<HTMLElement>) {
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  items[(to + items.length) % items.length]?.focus();
}

function ProfileMenu({ onLogout }: { onLogout: () => void }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const item =
    'block w-full px-4 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:text-slate-100 dark:hover:bg-slate-800 dark:focus:bg-slate-800';
  return (
    <div className="relative" ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="max-w-48 truncate rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-brand-700 dark:text-slate-300 dark:hover:text-white"
      >
        {user?.name || 'Profile'} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          ref={menuRef}
          role="menu"
          aria-label={user?.name || 'Profile'}
          onKeyDown={moveFocus}
          className="absolute right-0 z-30 mt-1 w-44 rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <Link
            role="menuitem"
            to={dashboardPath(user)}
            onClick={() => setOpen(false)}
            onKeyDown={(e) => e.key === 'Tab' && setOpen(false)}
            className={item}
          >
            Dashboard
          </Link>
          <button
            role="menuitem"
            type="button"
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
            onKeyDown={(e) => e.key === 'Tab' && setOpen(false)}
            className={item}
          >
            Logout
          </button>
        </div>
      )}
    </div>
  );
}

export function TopBar() {
  const { isAuthenticated } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  usePublishedHeight(headerRef);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  useEffect(() => setMenuOpen(false), [location.pathname]);

  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    menuButtonRef.current?.focus();
  }, []);

  function logout(mobile: boolean) {
    signOut();
    queryClient.removeQueries({ queryKey: queryKeys.users.root });
    queryClient.removeQueries({ queryKey: queryKeys.orders.root });
    toast.success('Logout Successfully');
    if (mobile) navigate(paths.login);
  }

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
          <NavLink to={paths.home} end className={navLink}>
            Home
          </NavLink>
          <NavLink to={paths.about} className={navLink}>
            About
          </NavLink>
          <CartLink />
          {isAuthenticated ? (
            <ProfileMenu onLogout={() => logout(false)} />
          ) : (
            <NavLink to={paths.login} className={navLink}>
              Login
            </NavLink>
          )}
        </nav>
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <CartIconLink />
          <ThemeToggle />
          <button
            ref={menuButtonRef}
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
      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu onClose={closeMenu} onLogout={() => logout(true)} />
        </Suspense>
      )}
    </header>
  );
}
