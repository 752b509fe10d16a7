/**
 * Finds orders by the number people quote ("#08D68A95", as on the shopper's page and in the
 * mails), the id, or any part of the buyer's name, email or phone, and keeps one status ("To
 * ship": confirmed orders). Both live in the URL (?q=, ?status=) like the page. The box is
 * checked with the shared schema the API reads ?q= with (adminOrdersQuery).
 */
import { adminOrdersQuery } from '@repo/shared/schemas';
import { ORDER_STATUSES } from '@repo/shared/constants/orders';
import { orderStatusLabel } from '@repo/shared/rules/orders';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-field';
import { useSchemaForm } from '@/lib/use-schema-form';

const searchBox = adminOrdersQuery.pick({ q: true });

/** The status filter's choices: a confirmed order is one to ship. */
const statusLabel = (s: string) => (s === 'pending' ? 'To ship' : orderStatusLabel(s));

export function OrderSearch({
  q,
  status,
  onSearch,
  onStatus,
}: {
  q: string;
  status: string;
  onSearch: (q: string) => void;
  onStatus: (status: string) => void;
}) {
  const { form, field } = useSchemaForm({ schema: searchBox, defaultValues: { q } });

  return (
    <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
      <form
        role="search"
        onSubmit={form.handleSubmit((parsed) => onSearch(parsed.q ?? ''))}
        className="flex flex-wrap items-start gap-2"
      >
        <TextField
          label="Find an order"
          placeholder="#08D68A95, name, email or phone"
          fieldClassName="w-full sm:w-80"
          autoComplete="off"
          spellCheck={false}
          {...field('q')}
        />
        <div className="flex gap-2 sm:mt-7">
          <Button type="submit" variant="secondary">
            Find
          </Button>
          {q && (
            <Button
              variant="ghost"
              onClick={() => {
                form.reset({ q: '' });
                onSearch('');
              }}
            >
              Show all orders
            </Button>
          )}
        </div>
      </form>
      <SelectField
        label="Show"
        value={status}
        onChange={(e) => onStatus(e.target.value)}
        fieldClassName="w-44"
      >
        <option value="">All orders</option>
        {ORDER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
