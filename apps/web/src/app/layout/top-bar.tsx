/**
 * SPEC §2 top bar: brand, search, Home, About, Cart (badge = distinct lines, none when the
 * cart is empty), Login or the profile menu (Dashboard, Logout), the theme toggle; on phones a
 * cart icon with its badge and a slide-out menu. The bar's height is published as
 * --top-bar-height so toasts start below it and never cover its controls.
 */
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { CartIcon, CloseIcon, MenuIcon, MoonIcon, SunIcon, TeeIcon } from '@/components/ui/icons';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { dashboardPath, isAdmin, signOut, useSession } from '@/features/auth/session';
import { useCart } from '@/features/cart/use-cart';
import { SearchForm } from '@/features/catalog/components/search-form';
import { cn } from '@/lib/cn';
import { useDarkTheme } from '@/lib/theme';
import { toast } from '@/lib/toast';

const navLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2.5 text-sm font-medium',
    // The tinted pill marks the current page; in dark mode a colour change alone was too faint to see.
    isActive
      ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white'
      : 'text-slate-700 hover:text-brand-700 dark:text-slate-300 dark:hover:text-white',
  );

const cartLabel = (count: number) => `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;

function CartLink({ onClick }: { onClick?: () => void }) {
  const { count } = useCart();
  return (
    <NavLink to={paths.cart} className={navLink} onClick={onClick} aria-label={cartLabel(count)}>
      <span className="relative inline-flex items-center">
        Cart
        {count > 0 && (
          <span
            data-testid="cart-badge"
            className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white"
          >
            {count}
          </span>
        )}
      </span>
    </NavLink>
  );
}

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

function MobileMenu({ onClose, onLogout }: { onClose: () => void; onLogout: () => void }) {
  const { isAuthenticated, user } = useSession();
  const [dashOpen, setDashOpen] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const dashboardLinks: Array<[string, string]> = isAdmin(user)
    ? [
        ['Admin Panel', paths.adminDashboard],
        ['Create Category', paths.adminCreateCategory],
        ['Create Product', paths.adminCreateProduct],
        ['Products', paths.adminProducts],
        ['Orders', paths.adminOrders],
        ['Users', paths.adminUsers],
      ]
    : [
        ['Overview', paths.userDashboard],
        ['Profile', paths.userProfile],
        ['Orders', paths.userOrders],
      ];

  useEffect(() => {
    panelRef.current?.querySelector<HTMLElement>('button')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [onClose]);

  /** Keeps Tab inside the open menu. */
  function trapFocus(e: ReactKeyboardEvent<HTMLDivElement>) {
    if (e.key !== 'Tab') return;
    const focusable = [
      ...e.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled])'),
    ];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    }
  }

  const row =
    'rounded-md px-3 py-2.5 text-left text-base font-medium text-slate-800 dark:text-slate-200';
  // In a portal: the header's backdrop blur would otherwise confine this fixed layer to the header.
  return createPortal(
    <div className="fixed inset-0 z-40 md:hidden">
      <div aria-hidden="true" className="absolute inset-0 bg-black/50" onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        onKeyDown={trapFocus}
        className="absolute top-0 right-0 flex h-full w-72 max-w-[85vw] flex-col gap-1 overflow-y-auto bg-white p-4 shadow-xl dark:bg-slate-900"
      >
        <button
          type="button"
          onClick={onClose}
          aria-label="Close menu"
          className="self-end rounded-md p-2 text-xl text-slate-700 dark:text-slate-200"
        >
          <CloseIcon className="h-6 w-6" />
        </button>
        <nav aria-label="Mobile" className="flex flex-col gap-1">
          <NavLink to={paths.home} end className={navLink} onClick={onClose}>
            Home
          </NavLink>
          <NavLink to={paths.about} className={navLink} onClick={onClose}>
            About
          </NavLink>
          <CartLink onClick={onClose} />
          {isAuthenticated && (
            <div>
              <button
                type="button"
                aria-expanded={dashOpen}
                onClick={() => setDashOpen((o) => !o)}
                className={cn(row, 'w-full text-sm')}
              >
                Dashboard <span aria-hidden="true">{dashOpen ? '▴' : '▾'}</span>
              </button>
              {dashOpen && (
                <div className="ml-3 flex flex-col border-l border-slate-200 pl-2 dark:border-slate-700">
                  {dashboardLinks.map(([label, to]) => (
                    <NavLink key={to} to={to} end className={navLink} onClick={onClose}>
                      {label}
                    </NavLink>
                  ))}
                </div>
              )}
            </div>
          )}
          {isAuthenticated ? (
            <button
              type="button"
              onClick={() => {
                onClose();
                onLogout();
              }}
              className={cn(row, 'text-sm')}
            >
              Logout
            </button>
          ) : (
            <NavLink to={paths.login} className={navLink} onClick={onClose}>
              Login
            </NavLink>
          )}
        </nav>
      </div>
    </div>,
    document.body,
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
    queryClient.removeQueries({ queryKey: ['users'] });
    queryClient.removeQueries({ queryKey: ['orders'] });
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
      {menuOpen && <MobileMenu onClose={closeMenu} onLogout={() => logout(true)} />}
    </header>
  );
}
