/** The admin sections: a vertical list in the side panel, a horizontal strip on small screens. */
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';

const sections = [
  { label: 'Create Category', to: paths.adminCreateCategory },
  { label: 'Create Product', to: paths.adminCreateProduct },
  { label: 'Products', to: paths.adminProducts },
  { label: 'Orders', to: paths.adminOrders },
  { label: 'Users', to: paths.adminUsers },
] as const;

const base = 'block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors';
const active = 'bg-brand-600 text-white dark:bg-brand-500';
const idle = 'text-slate-700 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800';

export function AdminNav({ layout, label }: { layout: 'vertical' | 'horizontal'; label: string }) {
  const path = useLocation().pathname.replace(/\/+$/, '');
  // The dashboard's index shows the category page, so its link is the current one there too.
  const isCurrent = (to: string) =>
    path === to ||
    path.startsWith(`${to}/`) ||
    (to === paths.adminCreateCategory && path === paths.adminDashboard);
  return (
    <nav aria-label={label}>
      <ul
        className={
          layout === 'vertical' ? 'flex flex-col gap-1' : 'flex gap-1 overflow-x-auto pb-1'
        }
      >
        {sections.map(({ label: text, to }) => (
          <li key={to} className="shrink-0">
            <Link
              to={to}
              aria-current={isCurrent(to) ? 'page' : undefined}
              className={`${base} ${isCurrent(to) ? active : idle}`}
            >
              {text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
