/**
 * The signed-in user's menu in the wide bar: Dashboard and Logout, by mouse or keyboard. Its
 * list (profile-menu-items.tsx) loads when it first opens.
 */
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useSession } from '@/lib/session';

const ProfileMenuItems = lazy(() => import('./profile-menu-items'));

export function ProfileMenu({ onLogout }: { onLogout: () => void }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

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
        <Suspense fallback={null}>
          <ProfileMenuItems
            container={ref}
            button={buttonRef}
            onClose={close}
            onLogout={onLogout}
          />
        </Suspense>
      )}
    </div>
  );
}
