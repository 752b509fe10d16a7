/**
 * The admin's status dropdown on an order. A change that cannot be undone by a slip asks
 * first: a cancel names the refund ("Refund ₹1,299 to Rahul Sharma?"), marking an order shipped
 * asks for the courier and the tracking number (AWB), and a move back (delivered → confirmed,
 * reopening a cancelled order…) asks why (the server refuses it without a reason). Other
 * changes save at once. Every change names the status the admin saw (`from`): an order another
 * admin (or the shopper) moved meanwhile is refused (409) rather than overwritten, the dialog
 * closes and the order is read again. Every refusal is shown: beside its field in the dialog,
 * else under the dropdown, and in a toast.
 */
import { useId, useState, type FormEvent } from 'react';
import type { Order } from '@repo/shared';
import { ORDER_STATUSES, type OrderStatus } from '@repo/shared/constants/orders';
import { formatRupees } from '@repo/shared/rules';
import { isBackwardMove, orderNumber, orderStatusLabel } from '@repo/shared/rules/orders';
import { Button } from '@/components/ui/button';
import { controlClasses, TextAreaField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { OrderStatusBadge } from '@/components/ui/order-status-badge';
import { ApiError, messageOf } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useUpdateOrderStatus, type StatusChange } from '../api/update-order-status';
import { fieldErrors } from '../lib/field-errors';
import { emptyShipment, ShipmentFields } from './shipment-fields';

const isOrderStatus = (s: string): s is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(s);

/** What the admin is asked before `to` is saved, or nothing. */
function questionFor(order: Order, to: OrderStatus): 'refund' | 'ship' | 'reason' | undefined {
  if (to === 'cancelled' && order.status !== 'cancelled') return 'refund';
  if (to === 'shipped' && order.status !== 'shipped') return 'ship';
  if (isBackwardMove(order.status, to)) return 'reason';
  return undefined;
}

export function StatusSelect({ order }: { order: Order }) {
  const update = useUpdateOrderStatus();
  /** The status asked about, and the one the admin saw when choosing it. */
  const [asking, setAsking] = useState<{ to: OrderStatus; from: string }>();
  const [refusal, setRefusal] = useState<string>();
  const errorId = useId();
  const no = orderNumber(order._id);
  const shown = update.isPending && !asking ? update.variables.status : order.status;
  // A status outside the shared list (an old order) stays selectable as it is.
  const options: string[] = isOrderStatus(order.status)
    ? [...ORDER_STATUSES]
    : [order.status, ...ORDER_STATUSES];

  /** Saves `change` of the order the admin saw in status `from` (sent when it is one of ours). */
  function save(change: StatusChange, from: string) {
    setRefusal(undefined);
    update.mutate(
      { orderId: order._id, ...change, ...(isOrderStatus(from) ? { from } : {}) },
      {
        onSuccess: () => {
          setAsking(undefined);
          toast.success(`Order #${no} is now ${orderStatusLabel(change.status).toLowerCase()}`);
        },
        onError: (error) => {
          const message = messageOf(error, 'The status could not be changed. Please try again.');
          // The order moved since the page loaded: what the dialog asked no longer stands. The
          // refusal shows beside the order, which is read again (the list reloads after any change).
          const moved = error instanceof ApiError && error.status === 409;
          if (moved) setAsking(undefined);
          // In a dialog the message shows there (beside its field when it names one).
          if (!asking || moved) setRefusal(message);
          toast.error(message);
        },
      },
    );
  }

  function choose(status: string) {
    if (status === order.status || !isOrderStatus(status)) return;
    if (questionFor(order, status)) {
      update.reset();
      setRefusal(undefined);
      setAsking({ to: status, from: order.status });
    } else save({ status }, order.status);
  }

  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex items-center gap-2">
        <OrderStatusBadge status={shown} />
        <select
          aria-label={`Status for order ${no}`}
          aria-busy={update.isPending}
          aria-describedby={refusal ? errorId : undefined}
          aria-invalid={refusal ? true : undefined}
          value={shown}
          onChange={(e) => choose(e.target.value)}
          className={`${controlClasses} w-auto py-1.5`}
        >
          {options.map((s) => (
            <option key={s} value={s}>
              {orderStatusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      {refusal && (
        <p
          id={errorId}
          role="alert"
          className="max-w-xs text-right text-xs font-medium text-red-700 dark:text-red-400"
        >
          {refusal}
        </p>
      )}
      {asking && (
        <StatusChangeDialog
          order={order}
          to={asking.to}
          busy={update.isPending}
          error={update.error}
          onSave={(change) => save(change, asking.from)}
          onClose={() => !update.isPending && setAsking(undefined)}
        />
      )}
    </div>
  );
}

function StatusChangeDialog({
  order,
  to,
  busy,
  error,
  onSave,
  onClose,
}: {
  order: Order;
  to: OrderStatus;
  busy: boolean;
  error: unknown;
  onSave: (change: StatusChange) => void;
  onClose: () => void;
}) {
  const question = questionFor(order, to)!;
  const backward = isBackwardMove(order.status, to);
  const no = orderNumber(order._id);
  const [shipment, setShipment] = useState(emptyShipment);
  const [reason, setReason] = useState('');
  const fields = fieldErrors(error);
  const general =
    error && !Object.keys(fields).length
      ? messageOf(error, 'The status could not be changed. Please try again.')
      : undefined;

  function submit(e: FormEvent) {
    e.preventDefault();
    onSave({
      status: to,
      ...(question === 'ship' ? { shipment } : {}),
      ...(backward ? { reason } : {}),
    });
  }

  const title =
    question === 'refund'
      ? `Cancel order #${no}?`
      : question === 'ship'
        ? `Mark order #${no} shipped`
        : `Move order #${no} back to ${orderStatusLabel(to)}?`;
  const buyer = order.user?.name || 'the buyer';
  const refunds = !order.refund || order.refund.status === 'failed';
  return (
    <Modal title={title} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4 text-left">
        {question === 'refund' && (
          <div className="text-sm text-slate-700 dark:text-slate-300">
            {refunds ? (
              <>
                <p className="text-base font-semibold text-slate-900 dark:text-white">
                  Refund {formatRupees(order.amount)} to {buyer}?
                </p>
                <p className="mt-1">
                  The whole payment goes back to the card or account it came from, the stock
                  returns, and the buyer gets a mail.
                </p>
              </>
            ) : (
              <p>The stock returns and the buyer gets a mail.</p>
            )}
          </div>
        )}
        {question === 'ship' && (
          <ShipmentFields
            value={shipment}
            onChange={setShipment}
            errors={fields}
            className="space-y-4"
          />
        )}
        {backward && (
          <TextAreaField
            label="Why does it go back?"
            hint="Kept on the order's timeline."
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={fields.reason}
            maxLength={200}
            required
          />
        )}
        {general && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {general}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            {question === 'refund' ? 'Keep order' : 'Cancel'}
          </Button>
          <Button
            type="submit"
            variant={question === 'refund' ? 'danger' : 'primary'}
            loading={busy}
          >
            {question === 'refund'
              ? refunds
                ? 'Cancel and refund'
                : 'Cancel order'
              : question === 'ship'
                ? 'Mark shipped'
                : 'Move back'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
