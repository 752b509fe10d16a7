/** The customer dashboard: a resizable side panel (Profile, Order) on wide screens, tabs on phones. */
import { NavLink, Outlet } from 'react-router-dom';
import { USER_DASHBOARD_SECTIONS } from '@/app/layout/dashboard-sections';
import { ResizableSidePanel } from '@/components/ui/resizable-side-panel';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/cn';

// Only the overview's link is current on its own path alone.
const links = USER_DASHBOARD_SECTIONS.map((s) => ({ ...s, end: s.to === paths.userDashboard }));

export default function UserDashboardLayout() {
  const { user } = useSession();
  // As tall as <main> (min-h-screen), so the side panel reaches the footer; flush left like the admin one.
  return (
    <div className="mx-auto flex max-w-7xl md:min-h-screen">
      <ResizableSidePanel label="Account">
        <p className="px-3 text-xs font-bold tracking-wider text-slate-500 uppercase dark:text-slate-400">
          Dashboard
        </p>
        <p className="mt-1 truncate px-3 font-semibold" title={user?.name}>
          {user?.name ?? 'My account'}
        </p>
        <nav aria-label="Dashboard" className="mt-4 flex flex-col gap-1">
          {links.map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              end={l.end}
              className={({ isActive }) =>
                cn(
                  'rounded-lg px-3 py-2 text-sm font-medium',
                  isActive
                    ? 'bg-brand-600 text-white'
                    : 'text-slate-700 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800',
                )
              }
            >
              {l.label}
            </NavLink>
          ))}
        </nav>
      </ResizableSidePanel>
      <div className="min-w-0 flex-1 px-4 py-6 sm:py-8 md:px-8">
        <nav aria-label="Dashboard sections" className="mb-6 md:hidden">
          <ul className="flex gap-1 rounded-full bg-slate-100 p-1 dark:bg-slate-800">
            {links.map((l) => (
              <li key={l.to} className="flex-1">
                <NavLink
                  to={l.to}
                  end={l.end}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-full px-3 py-2.5 text-center text-sm font-medium',
                      isActive
                        ? 'bg-white text-brand-700 shadow-sm dark:bg-slate-950 dark:text-white'
                        : 'text-slate-700 dark:text-slate-300',
                    )
                  }
                >
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Outlet />
      </div>
    </div>
  );
}
