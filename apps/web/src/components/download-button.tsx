/**
 * A button that downloads a file the API makes (an invoice PDF, a report), busy while it comes,
 * with the server's message as a toast when it is refused.
 */
import { useState, type ReactNode } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '@/components/ui/button';
import { messageOf } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { toast } from '@/lib/toast';

export function DownloadButton({
  path,
  filename,
  children,
  variant = 'outline',
  size = 'sm',
}: {
  path: string;
  filename: string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadFile(path, filename);
    } catch (error) {
      toast.error(messageOf(error, 'The file could not be downloaded. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      type="button"
      variant={variant}
      size={size}
      loading={busy}
      onClick={() => void download()}
    >
      {children}
    </Button>
  );
}

/** An order's invoice and credit notes, each a download ("TS-26-27-000123.pdf"). */
export function TaxDocumentButtons({
  order,
}: {
  order: {
    _id: string;
    invoice?: { number: string } | null;
    creditNotes?: ReadonlyArray<{ number: string }>;
  };
}) {
  if (!order.invoice) return null;
  const file = (number: string) => `${number.replace(/\//g, '-')}.pdf`;
  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      <DownloadButton path={`/orders/${order._id}/invoice`} filename={file(order.invoice.number)}>
        Download invoice
      </DownloadButton>
      {order.creditNotes?.map((note, i) => (
        <DownloadButton
          key={note.number}
          path={`/orders/${order._id}/credit-notes/${i + 1}`}
          filename={file(note.number)}
        >
          Download credit note {note.number}
        </DownloadButton>
      ))}
    </div>
  );
}
