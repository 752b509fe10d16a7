/**
 * A titled dialog with a Close button (the admin's edit pop-up, the size guide, confirmations),
 * centred on the screen (m-auto: Tailwind's reset takes the <dialog>'s own auto margins away).
 */
import { useId, type ReactNode } from 'react';
import { Dialog } from './dialog';

export function Modal({
  title,
  onClose,
  children,
  width = 'max-w-md',
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The panel's width class (max-w-md by default). */
  width?: string;
}) {
  const titleId = useId();
  return (
    <Dialog
      onClose={onClose}
      labelledBy={titleId}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-y-auto ${width} rounded-lg dark:ring-1 dark:ring-slate-700`}
    >
      <div className="p-5">
        <div className="mb-4 flex items-center justify-between gap-4">
          <h3 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
            {title}
          </h3>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="-mr-2 flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            <span aria-hidden="true">✕</span>
          </button>
        </div>
        {children}
      </div>
    </Dialog>
  );
}
