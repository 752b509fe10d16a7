/**
 * Finds an order by the number people quote ("#08D68A95", as on the shopper's page and in the
 * mails) or by its id. The search lives in the URL (?q=) like the page. The box is checked
 * with the shared schema the API reads ?q= with (adminOrdersQuery), through react-hook-form.
 */
import { adminOrdersQuery } from '@repo/shared/schemas';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { useSchemaForm } from '@/lib/use-schema-form';

const searchBox = adminOrdersQuery.pick({ q: true });

export function OrderSearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { form, field } = useSchemaForm({ schema: searchBox, defaultValues: { q } });

  return (
    <form
      role="search"
      onSubmit={form.handleSubmit((parsed) => onSearch(parsed.q ?? ''))}
      className="flex flex-wrap items-start gap-2"
    >
      <TextField
        label="Find an order"
        placeholder="#08D68A95"
        fieldClassName="w-full max-w-xs"
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
  );
}
