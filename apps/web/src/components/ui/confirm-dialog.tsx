/**
 * The shop's own "are you sure?" (instead of the browser's confirm()): a modal with the
 * question, what it means, a Cancel button and the action's button. While the action runs
 * the dialog stays open and cannot be dismissed.
 */
import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel = confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal title={title} onClose={() => !busy && onCancel()}>
      {children && <div className="text-sm text-slate-700 dark:text-slate-300">{children}</div>}
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant="danger" onClick={onConfirm} loading={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
