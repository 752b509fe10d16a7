/**
 * Phones: the menu that slides in from the right (a modal dialog): Home, About, Cart, the
 * dashboard's pages for a signed-in user, Login or Logout. Loaded when first opened
 * (top-bar.tsx): no page needs it to show.
 */
import { useEffect, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { Dialog } from '@/components/ui/dialog';
import { Svg, type IconProps } from '@/components/ui/icons';
import { adminPaths } from '@/config/admin-paths';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { isAdmin, useSession, type Session } from '@/lib/session';
import { USER_DASHBOARD_SECTIONS } from '../dashboard-sections';
import { CartLink } from './cart-links';
import { navLinkClass } from './nav-link-class';

/** The menu's close button (only this menu shows it: beside it, out of the first page's code). */
const CloseIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Svg>
);

/** The menu is for phones: from md up the bar shows its links, so an open menu closes. */
const WIDE = '(min-width: 768px)';

function dashboardLinks(user: Session['user']): Array<[string, string]> {
  return isAdmin(user)
    ? [
        ['Admin Panel', paths.adminDashboard],
        ['Create Category', adminPaths.adminCreateCategory],
        ['Create Product', adminPaths.adminCreateProduct],
        ['Products', adminPaths.adminProducts],
        ['Orders', adminPaths.adminOrders],
        ['Coupons', adminPaths.adminCoupons],
        ['Users', adminPaths.adminUsers],
        ['GST report', adminPaths.adminGstReport],
        ['Settings', adminPaths.adminSettings],
      ]
    : USER_DASHBOARD_SECTIONS.map(({ label, to }) => [label, to]);
}

const rowClass =
  'rounded-md px-3 py-2.5 text-left text-base font-medium text-slate-800 dark:text-slate-200';

export default function MobileMenu({
  onClose,
  onLogout,
}: {
  onClose: () => void;
  onLogout: () => void;
}) {
  const { isAuthenticated, user } = useSession();
  const [dashOpen, setDashOpen] = useState(false);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia(WIDE);
    const onChange = () => wide.matches && onClose();
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [onClose]);

  return (
    <Dialog
      onClose={onClose}
      label="Menu"
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-72 max-w-[85vw] overflow-y-auto"
    >
      <div className="flex min-h-full flex-col gap-1 p-4">
        <button
          type="button"
          onClick={onClose}
          aria-label="Close menu"
          className="self-end rounded-md p-2 text-xl text-slate-700 dark:text-slate-200"
        >
          <CloseIcon className="h-6 w-6" />
        </button>
        <nav aria-label="Mobile" className="flex flex-col gap-1">
          <NavLink to={paths.home} end className={navLinkClass} onClick={onClose}>
            Home
          </NavLink>
          <NavLink to={paths.about} className={navLinkClass} onClick={onClose}>
            About
          </NavLink>
          <CartLink onClick={onClose} />
          {isAuthenticated && (
            <div>
              <button
                type="button"
                aria-expanded={dashOpen}
                onClick={() => setDashOpen((o) => !o)}
                className={cn(rowClass, 'w-full text-sm')}
              >
                Dashboard <span aria-hidden="true">{dashOpen ? '▴' : '▾'}</span>
              </button>
              {dashOpen && (
                <div className="ml-3 flex flex-col border-l border-slate-200 pl-2 dark:border-slate-700">
                  {dashboardLinks(user).map(([label, to]) => (
                    <NavLink key={to} to={to} end className={navLinkClass} onClick={onClose}>
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
              className={cn(rowClass, 'text-sm')}
            >
              Logout
            </button>
          ) : (
            <NavLink to={paths.login} className={navLinkClass} onClick={onClose}>
              Login
            </NavLink>
          )}
        </nav>
      </div>
    </Dialog>
  );
}
