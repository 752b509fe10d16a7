/**
 * The phones' slide-out menu: a modal dialog with the links, the dashboard's pages and Logout.
 * Loaded when first opened (top-bar.tsx): no page needs it to show.
 */
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { NavLink } from 'react-router-dom';
import { CloseIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { isAdmin, useSession } from '@/lib/session';
import { cn } from '@/lib/cn';
import { USER_DASHBOARD_SECTIONS } from './dashboard-sections';
import { CartLink, navLink } from './nav-links';

export default function MobileMenu({
  onClose,
  onLogout,
}: {
  onClose: () => void;
  onLogout: () => void;
}) {
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
    : USER_DASHBOARD_SECTIONS.map(({ label, to }) => [label, to]);

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
