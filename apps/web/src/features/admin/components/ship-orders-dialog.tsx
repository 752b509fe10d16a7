/**
 * Marks the ticked orders shipped: each with its courier and tracking number (AWB), checked
 * with the server's own rules before anything is sent (one slip sends nothing), then sent one
 * after another through the one-order call with `from: pending` (an order cancelled or shipped by
 * someone else meanwhile is refused, never shipped twice). The dialog stays open until every
 * order went through: each shows Shipped or the server's refusal beside it, the shipped ones
 * leave the selection and the list reloads.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Order } from '@repo/shared';
import { orderShipment } from '@repo/shared/schemas';
import { orderNumber } from '@repo/shared/rules/orders';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { adminQueryKeys } from '@/lib/admin-query-keys';
import { ApiError, messageOf } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { updateOrderStatus } from '../api/update-order-status';
import { fieldErrors } from '../lib/field-errors';
import { emptyShipment, ShipmentFields, type ShipmentEntry } from './shipment-fields';

/**
 * What became of one order: shipped, or refused with the messages to show beside it; `moved`
 * when it is no longer confirmed (cancelled or shipped by someone else), so it is not sent again.
 */
type Outcome =
  | { shipped: true }
  | {
      shipped: false;
      fields: Record<string, string>;
      message?: string | undefined;
      moved?: boolean;
    };
const settled = (o: Outcome | undefined) => !!o && (o.shipped || !!o.moved);

/** The status a 409 says the order is in now, when it moved on since the list loaded. */
const movedTo = (error: unknown) =>
  error instanceof ApiError && typeof error.body.status === 'string'
    ? error.body.status
    : undefined;

const plural = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;

/** The schema's problems by the path the server would name ("shipment.awb"). */
function problems(entry: ShipmentEntry): Record<string, string> | undefined {
  const parsed = orderShipment.safeParse(entry);
  if (parsed.success) return undefined;
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues)
    out[`shipment.${issue.path.join('.')}`] ??= issue.message;
  return out;
}

export function ShipOrdersDialog({
  orders,
  onDeselect,
  onClose,
}: {
  orders: readonly Order[];
  /** These leave the selection: shipped, moved on, or left out. */
  onDeselect: (orders: Order[]) => void;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  // The orders as the dialog opened on them: a reload of the list does not change what is asked.
  const [rows, setRows] = useState(orders);
  const [entries, setEntries] = useState<Record<string, ShipmentEntry>>({});
  const [outcomes, setOutcomes] = useState<Record<string, Outcome | undefined>>({});
  const [sending, setSending] = useState<string>();
  const [summary, setSummary] = useState<string>();
  const busy = sending !== undefined;
  const toSend = rows.filter((o) => !settled(outcomes[o._id]));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || toSend.length === 0) return;
    const checked = toSend.map((o) => [o, problems(entries[o._id] ?? emptyShipment)] as const);
    setOutcomes((prev) => ({
      ...prev,
      ...Object.fromEntries(
        checked.map(([o, fields]) => [o._id, fields && { shipped: false, fields }]),
      ),
    }));
    if (checked.some(([, fields]) => fields)) {
      setSummary(undefined);
      // The first field to correct takes the focus (its message is tied to it).
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    const shipped: Order[] = [];
    const moved: Order[] = [];
    for (const order of toSend) {
      setSending(order._id);
      let outcome: Outcome;
      try {
        const shipment = orderShipment.parse(entries[order._id]);
        await updateOrderStatus({
          orderId: order._id,
          status: 'shipped',
          from: 'pending',
          shipment,
        });
        outcome = { shipped: true };
        shipped.push(order);
      } catch (error) {
        const fields = fieldErrors(error);
        const message = Object.keys(fields).length
          ? undefined
          : messageOf(error, 'Not sent: the shop could not be reached. Please try again.');
        outcome = { shipped: false, fields, message, moved: !!movedTo(error) };
        if (outcome.moved) moved.push(order);
      }
      setOutcomes((prev) => ({ ...prev, [order._id]: outcome }));
    }
    setSending(undefined);
    onDeselect([...shipped, ...moved]);
    void qc.invalidateQueries({ queryKey: adminQueryKeys.orders.admin });
    const refused = toSend.length - shipped.length;
    if (refused === 0) {
      toast.success(`${plural(shipped.length)} marked shipped`);
      onClose();
      return;
    }
    const message = `${shipped.length} shipped, ${plural(refused)} not: see the reason beside ${refused === 1 ? 'it' : 'each'}.`;
    setSummary(message);
    toast.error(message);
  }

  function leaveOut(order: Order) {
    setRows((r) => r.filter((o) => o._id !== order._id));
    onDeselect([order]);
    // Nothing left to send: the dialog has done its work.
    if (toSend.every((o) => o._id === order._id)) onClose();
  }

  const done = toSend.length === 0;
  return (
    <Modal
      title={`Mark ${plural(rows.length)} shipped`}
      onClose={() => !busy && onClose()}
      width="max-w-2xl"
    >
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4 text-left">
        <ul className="flex flex-col gap-3">
          {rows.map((order) => (
            <ShipRow
              key={order._id}
              order={order}
              entry={entries[order._id] ?? emptyShipment}
              onChange={(entry) => setEntries((prev) => ({ ...prev, [order._id]: entry }))}
              outcome={outcomes[order._id]}
              sending={sending === order._id}
              busy={busy}
              onLeaveOut={() => leaveOut(order)}
            />
          ))}
        </ul>
        {summary && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {summary}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            {Object.values(outcomes).some(settled) ? 'Done' : 'Cancel'}
          </Button>
          {!done && (
            <Button type="submit" loading={busy}>
              {busy ? 'Marking shipped…' : `Mark ${plural(toSend.length)} shipped`}
            </Button>
          )}
        </div>
      </form>
    </Modal>
  );
}

function ShipRow({
  order,
  entry,
  onChange,
  outcome,
  sending,
  busy,
  onLeaveOut,
}: {
  order: Order;
  entry: ShipmentEntry;
  onChange: (entry: ShipmentEntry) => void;
  outcome: Outcome | undefined;
  sending: boolean;
  busy: boolean;
  onLeaveOut: () => void;
}) {
  const no = orderNumber(order._id);
  const titleId = useId();
  const messageId = useId();
  const shipped = outcome?.shipped === true;
  const refusal = outcome && !outcome.shipped ? outcome : undefined;
  return (
    <li
      className={`rounded-lg border p-3 ${refusal ? 'border-red-400 dark:border-red-500' : shipped ? 'border-green-500 dark:border-green-600' : 'border-slate-200 dark:border-slate-700'}`}
    >
      <fieldset
        aria-labelledby={titleId}
        aria-describedby={refusal?.message ? messageId : undefined}
      >
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <p id={titleId} className="font-semibold text-slate-900 dark:text-white">
            Order #{no}{' '}
            <span className="font-normal text-slate-600 dark:text-slate-300">
              · {order.user?.name ?? 'Account deleted'}
            </span>
          </p>
          {shipped ? (
            <span className="ml-auto text-sm font-semibold text-green-700 dark:text-green-400">
              <span aria-hidden="true">✓ </span>Shipped
            </span>
          ) : refusal?.moved ? (
            <span className="ml-auto text-sm font-semibold text-red-700 dark:text-red-400">
              Not shipped
            </span>
          ) : sending ? (
            <span className="ml-auto text-sm text-slate-600 dark:text-slate-300">Sending…</span>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              onClick={onLeaveOut}
              disabled={busy}
              className="ml-auto"
              aria-label={`Leave out order #${no}`}
            >
              Leave out
            </Button>
          )}
        </div>
        <ShipmentFields
          value={entry}
          onChange={onChange}
          errors={refusal?.fields}
          order={no}
          disabled={busy || shipped || refusal?.moved}
          className="grid gap-3 sm:grid-cols-2"
        />
        {refusal?.message && (
          <p id={messageId} className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
            {refusal.message}
          </p>
        )}
      </fieldset>
    </li>
  );
}
