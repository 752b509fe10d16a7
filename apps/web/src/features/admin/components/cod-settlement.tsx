/**
 * A cash-on-delivery order's cash on the admin's order card: what is due, and the admin's two
 * outcomes: collected (a delivered order, with the courier's remittance reference) or returned
 * unpaid (RTO: the order is cancelled and its stock goes back).
 */
import { useState, type FormEvent } from 'react';
import type { Order } from '@repo/shared';
import { formatRupees } from '@repo/shared/rules';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { messageOf } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSettleCodOrder } from '../api/settle-cod-order';

const STATE_TEXT: Record<string, string> = {
  collected: 'Cash collected',
  returned: 'Returned unpaid (RTO)',
  refunded: 'Refunded',
};

export function CodSettlement({ order }: { order: Order }) {
  const settle = useSettleCodOrder();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string>();
  const payment = order.payment;
  if (payment?.method !== 'cod') return null;
  const due = payment.status === 'due' && order.status !== 'cancelled';

  const run = (body: Parameters<typeof settle.mutate>[0], done: string) => {
    setError(undefined);
    settle.mutate(body, {
      onSuccess: () => toast.success(done),
      onError: (err) => {
        const message = messageOf(err, 'The order could not be settled. Please try again.');
        setError(message);
        toast.error(message);
      },
    });
  };
  const collect = (e: FormEvent) => {
    e.preventDefault();
    run({ orderId: order._id, outcome: 'collected', reference }, 'Cash marked collected');
  };

  return (
    <section aria-label="Cash on delivery">
      <h4 className="font-semibold text-slate-700 dark:text-slate-200">Cash on delivery</h4>
      <p className="text-slate-600 dark:text-slate-300">
        {due
          ? `${formatRupees(order.amount)} due from the courier`
          : (STATE_TEXT[payment.status] ?? 'Not collected')}
        {payment.reference ? ` · ref. ${payment.reference}` : ''}
      </p>
      {due && order.status === 'delivered' && (
        <form onSubmit={collect} className="mt-2 flex flex-wrap items-end gap-2">
          <TextField
            label="Remittance reference"
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            error={error}
            fieldClassName="min-w-0 flex-1"
            required
          />
          <Button type="submit" size="sm" loading={settle.isPending}>
            Mark collected
          </Button>
        </form>
      )}
      {due && ['shipped', 'delivered'].includes(order.status) && (
        <Button
          variant="danger"
          size="sm"
          className="mt-2"
          loading={settle.isPending}
          onClick={() =>
            run(
              { orderId: order._id, outcome: 'returned' },
              'Marked returned unpaid: stock is back',
            )
          }
        >
          Returned unpaid (RTO)
        </Button>
      )}
    </section>
  );
}
