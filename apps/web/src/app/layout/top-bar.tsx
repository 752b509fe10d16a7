import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { paths } from '@/config/paths';
import { dashboardPath, isAdmin, signOut, useSession } from '@/features/auth/session';
import { useCart } from '@/features/cart/use-cart';
import { SearchForm } from '@/features/catalog/components/search-form';
import { useDarkTheme } from '@/lib/theme';

const navLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'text-brand-600 dark:text-brand-100' : 'text-slate-700 hover:text-brand-600 dark:text-slate-300 dark:hover:text-white'}`;

function CartLink({ onClick }: { onClick?: () => void }) {
  const { count } = useCart();
  return (
    <NavLink to={paths.cart} className={navLink} onClick={onClick} aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}>
      <span className="relative inline-flex items-center">
        Cart
        <span
          data-testid="cart-badge"
          className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white"
        >
          {count}
        </span>
      </span>
    </NavLink>
  );
}

function ThemeToggle() {
  const [dark, toggle] = useDarkTheme();
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={dark}
      aria-label={dark ? 'Switch to light theme' : 'Switch to dark theme'}
      className="rounded-md p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <span aria-hidden="true">{dark ? '☀️' : '🌙'}</span>
    </button>
  );
}

function ProfileMenu({ onLogout }: { onLogout: () => void }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-brand-600 dark:text-slate-300 dark:hover:text-white"
      >
        {user?.name || 'Profile'} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div role="menu" className="absolute right-0 z-30 mt-1 w-44 rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
          <Link role="menuitem" to={dashboardPath(user)} onClick={() => setOpen(false)} className="block px-4 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
            Dashboard
          </Link>
          <button role="menuitem" type="button" onClick={() => { setOpen(false); onLogout(); }} className="block w-full px-4 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
            Logout
          </button>
        </div>
      )}
    </div>
  );
}

function MobileMenu({ open, onClose, onLogout }: { open: boolean; onClose: () => void; onLogout: () => void }) {
  const { isAuthenticated, user } = useSession();
  const [dashOpen, setDashOpen] = useState(false);
  const admin = isAdmin(user);
  const dashboardLinks = admin
    ? [
        ['Create Category', paths.adminCreateCategory],
        ['Create Product', paths.adminCreateProduct],
        ['Products', paths.adminProducts],
        ['Orders', paths.adminOrders],
        ['Users', paths.adminUsers],
      ]
    : [
        ['Profile', paths.userProfile],
        ['Orders', paths.userOrders],
      ];
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-40 md:hidden">
      <button type="button" aria-label="Close menu" className="absolute inset-0 bg-black/40" onClick={onClose} />
      <nav
        aria-label="Mobile"
        className="absolute top-0 right-0 flex h-full w-72 max-w-[85vw] flex-col gap-1 overflow-y-auto bg-white p-4 shadow-xl dark:bg-slate-900"
      >
        <button type="button" onClick={onClose} aria-label="Close menu" className="self-end rounded-md p-2 text-xl">
          ✕
        </button>
        <SearchForm onDone={onClose} className="mb-3" />
        <NavLink to={paths.home} end className={navLink} onClick={onClose}>Home</NavLink>
        <NavLink to={paths.about} className={navLink} onClick={onClose}>About</NavLink>
        <CartLink onClick={onClose} />
        {isAuthenticated && (
          <div>
            <button type="button" aria-expanded={dashOpen} onClick={() => setDashOpen((o) => !o)} className="w-full rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 dark:text-slate-300">
              Dashboard <span aria-hidden="true">{dashOpen ? '▴' : '▾'}</span>
            </button>
            {dashOpen && (
              <div className="ml-3 flex flex-col border-l border-slate-200 pl-2 dark:border-slate-700">
                <NavLink to={dashboardPath(user)} end className={navLink} onClick={onClose}>Overview</NavLink>
                {dashboardLinks.map(([label, to]) => (
                  <NavLink key={to} to={to!} className={navLink} onClick={onClose}>{label}</NavLink>
                ))}
              </div>
            )}
          </div>
        )}
        {isAuthenticated ? (
          <button type="button" onClick={() => { onClose(); onLogout(); }} className="rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 dark:text-slate-300">
            Logout
          </button>
        ) : (
          <NavLink to={paths.login} className={navLink} onClick={onClose}>Login</NavLink>
        )}
      </nav>
    </div>
  );
}

export function TopBar() {
  const { isAuthenticated } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.pathname]);

  function logout(mobile: boolean) {
    signOut();
    toast.success('Logout Successfully');
    if (mobile) navigate(paths.login);
  }

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <Link to={paths.home} className="shrink-0 text-lg font-extrabold tracking-tight text-brand-600 dark:text-brand-100">
          👕 T-Shirt Shop
        </Link>
        <SearchForm className="ml-2 hidden max-w-md flex-1 md:flex" />
        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 md:flex">
          <NavLink to={paths.home} end className={navLink}>Home</NavLink>
          <NavLink to={paths.about} className={navLink}>About</NavLink>
          <CartLink />
          {isAuthenticated ? <ProfileMenu onLogout={() => logout(false)} /> : <NavLink to={paths.login} className={navLink}>Login</NavLink>}
        </nav>
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <ThemeToggle />
          <button
            type="button"
            className="rounded-md p-2 text-xl md:hidden"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            ☰
          </button>
        </div>
      </div>
      <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} onLogout={() => logout(true)} />
    </header>
  );
}
