/**
 * A guard sends signed-out visitors to /login, keeping the origin and replacing
 * history. The admin guard also sends a customer to their own dashboard. (The server
 * enforces roles on every call; this only keeps people on pages they can use.)
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { isAdmin, useSession } from '@/lib/session';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  if (!isAuthenticated) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <>{children}</>;
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isAuthenticated, user } = useSession();
  const location = useLocation();
  if (!isAuthenticated) return <Navigate to={paths.login} replace state={{ from: location }} />;
  if (!isAdmin(user)) return <Navigate to={paths.userDashboard} replace />;
  return <>{children}</>;
}
