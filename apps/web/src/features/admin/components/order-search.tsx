/**
 * Finds an order by the number people quote ("#08D68A95", as on the shopper's page and in the
 * mails) or by its id. The search lives in the URL (?q=) like the page.
 */
import { useState, type FormEvent } from 'react';
import { parseOrderNumber } from '@repo/shared/rules';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';

const ORDER_SEARCH_MESSAGE = 'Enter an order number like #08D68A95';
const isOrderId = (q: string) => /^[a-f\d]{24}$/i.test(q);

export function OrderSearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q);
  const [error, setError] = useState<string>();

  function submit(e: FormEvent) {
    e.preventDefault();
    const query = text.trim();
    if (query && !parseOrderNumber(query) && !isOrderId(query)) {
      setError(ORDER_SEARCH_MESSAGE);
      return;
    }
    setError(undefined);
    onSearch(query);
  }

  return (
    <form role="search" onSubmit={submit} className="flex flex-wrap items-start gap-2">
      <TextField
        label="Find an order"
        placeholder="#08D68A95"
        value={text}
        error={error}
        onChange={(e) => setText(e.target.value)}
        fieldClassName="w-full max-w-xs"
        autoComplete="off"
        spellCheck={false}
      />
      <div className="flex gap-2 sm:mt-7">
        <Button type="submit" variant="secondary">
          Find
        </Button>
        {q && (
          <Button
            variant="ghost"
            onClick={() => {
              setText('');
              setError(undefined);
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
