/** The admin sections: a vertical list in the side panel, a horizontal strip on small screens. */
import { Link, useLocation } from 'react-router-dom';
import { adminPaths } from '@/config/admin-paths';
import { paths } from '@/config/paths';

const sections = [
  { label: 'Overview', to: paths.adminDashboard },
  { label: 'Create Category', to: adminPaths.adminCreateCategory },
  { label: 'Create Product', to: adminPaths.adminCreateProduct },
  { label: 'Products', to: adminPaths.adminProducts },
  { label: 'Orders', to: adminPaths.adminOrders },
  { label: 'Returns', to: adminPaths.adminReturns },
  { label: 'Reviews', to: adminPaths.adminReviews },
  { label: 'Coupons', to: adminPaths.adminCoupons },
  { label: 'Users', to: adminPaths.adminUsers },
  { label: 'GST report', to: adminPaths.adminGstReport },
  { label: 'Settings', to: adminPaths.adminSettings },
] as const;

const styles = {
  vertical: {
    list: 'flex flex-col gap-1',
    link: 'block rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    active: 'bg-brand-600 text-white',
    idle: 'text-slate-700 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800',
  },
  // Phones: every section visible at once, wrapped as pills (no hidden scroll).
  horizontal: {
    list: 'flex flex-wrap gap-1 rounded-2xl bg-slate-100 p-1 dark:bg-slate-800',
    link: 'block rounded-full px-3 py-2.5 text-sm font-medium whitespace-nowrap',
    active: 'bg-white text-brand-700 shadow-sm dark:bg-slate-950 dark:text-white',
    idle: 'text-slate-700 hover:text-brand-700 dark:text-slate-300 dark:hover:text-white',
  },
} as const;

export function AdminNav({ layout, label }: { layout: 'vertical' | 'horizontal'; label: string }) {
  const path = useLocation().pathname.replace(/\/+$/, '');
  // The dashboard (Overview) is current only on itself, not on every section under it.
  const isCurrent = (to: string) =>
    path === to || (to !== paths.adminDashboard && path.startsWith(`${to}/`));
  return (
    <nav aria-label={label}>
      <ul className={styles[layout].list}>
        {sections.map(({ label: text, to }) => (
          <li key={to}>
            <Link
              to={to}
              aria-current={isCurrent(to) ? 'page' : undefined}
              className={`${styles[layout].link} ${isCurrent(to) ? styles[layout].active : styles[layout].idle}`}
            >
              {text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
