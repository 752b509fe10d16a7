/**
 * The one dialog primitive: the browser's own modal <dialog> (showModal). The browser keeps
 * focus inside it and makes the page behind inert; Escape (or the phone's back gesture) asks
 * it to close, as does a click on the backdrop. Focus starts on the first field, or else on
 * the first control, and goes back to what opened the dialog when it closes. Render it only
 * while open: it opens when mounted and closes when unmounted. It has no padding of its own:
 * its content fills it, so a click that lands on the <dialog> itself is on the backdrop.
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function Dialog({
  onClose,
  labelledBy,
  label,
  className,
  children,
}: {
  /** Escape, the backdrop or a close button: the owner unmounts the dialog. */
  onClose: () => void;
  /** The id of the dialog's title, or else `label`. */
  labelledBy?: string;
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    dialog.showModal();
    (
      dialog.querySelector<HTMLElement>('input, select, textarea') ??
      dialog.querySelector<HTMLElement>('a[href], button:not([disabled]), [tabindex="0"]')
    )?.focus();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus?.();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-label={label}
      // Said outright for assistive technology that does not infer it from showModal().
      aria-modal="true"
      // The owner decides: the dialog stays open until it is unmounted (a busy one may refuse).
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      // A click on the backdrop lands on the <dialog> itself, never on its content.
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      className={cn(
        'bg-white p-0 text-slate-900 shadow-xl backdrop:bg-black/50 dark:bg-slate-900 dark:text-slate-100',
        className,
      )}
    >
      {children}
    </dialog>
  );
}
