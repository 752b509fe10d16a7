/**
 * The profile menu's open list (profile-menu.tsx): Dashboard and Logout, by mouse or keyboard.
 * Loaded when the menu first opens: the storefront's first page needs only its button.
 */
import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { dashboardPath, useSession } from '@/lib/session';

/** Moves focus between a menu's items with the arrow keys, Home and End. */
function moveFocus(e: ReactKeyboardEvent<HTMLElement>) {
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  items[(to + items.length) % items.length]?.focus();
}

const itemClass =
  'block w-full px-4 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:text-slate-100 dark:hover:bg-slate-800 dark:focus:bg-slate-800';

export default function ProfileMenuItems({
  container,
  button,
  onClose,
  onLogout,
}: {
  /** The menu and its button: a press outside it closes the menu. */
  container: RefObject<HTMLDivElement | null>;
  /** Where focus returns on Escape. */
  button: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  onLogout: () => void;
}) {
  const { user } = useSession();
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (e: MouseEvent) => {
      if (!container.current?.contains(e.target as Node)) onClose();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        onClose();
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [container, button, onClose]);

  return (
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
        onClick={onClose}
        onKeyDown={(e) => e.key === 'Tab' && onClose()}
        className={itemClass}
      >
        Dashboard
      </Link>
      <button
        role="menuitem"
        type="button"
        onClick={() => {
          onClose();
          onLogout();
        }}
        onKeyDown={(e) => e.key === 'Tab' && onClose()}
        className={itemClass}
      >
        Logout
      </button>
    </div>
  );
}
