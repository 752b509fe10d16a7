/** The auth session: authenticated when a token is stored; the user summary may be null. */
import type { PublicUser, StoredUser } from '@repo/shared';
import { ROLES } from '@repo/shared/constants';
import { onUnauthorized } from '@/lib/api-client';
import { tokenStore, userStore, useStore } from '@/lib/storage';
import { paths } from '@/config/paths';

export interface Session {
  isAuthenticated: boolean;
  user: StoredUser | null;
  token: string | null;
}

export function useSession(): Session {
  const token = useStore(tokenStore);
  const user = useStore(userStore);
  return { isAuthenticated: token !== null, user, token };
}

export function toStoredUser(user: PublicUser): StoredUser {
  return { name: user.name, userId: user._id, role: user.role };
}

export function signIn(token: string, user: PublicUser): void {
  userStore.set(toStoredUser(user));
  tokenStore.set(token);
}

/** Refresh the stored summary after a profile save, and the token when a new password brought one. */
export function updateStoredUser(user: PublicUser, token?: string): void {
  userStore.set(toStoredUser(user));
  if (token) tokenStore.set(token);
}

/** Clears the flag, the user and the token, and removes the "user" and "authToken" entries. */
export function signOut(): void {
  tokenStore.set(null);
  userStore.set(null);
}

export function isAdmin(user: StoredUser | null): boolean {
  return user?.role === ROLES.admin;
}

/** /dashboard/user when role is 0, otherwise /dashboard/admin. */
export function dashboardPath(user: StoredUser | null): string {
  return user?.role === ROLES.customer || !user ? paths.userDashboard : paths.adminDashboard;
}

// A token the server no longer accepts ends the session.
onUnauthorized(signOut);
