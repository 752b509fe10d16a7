/**
 * Products chosen by searching for them (the admin's forms: the products a coupon or offer is
 * for, the products not returnable): the chosen ones as chips named by the server (`?ids=`), and
 * a search-as-you-type field (WAI-ARIA combobox with a listbox popup; ArrowUp/ArrowDown to move,
 * Enter to add, Escape to close) that asks the server for products whose name has words
 * starting so (`?q=`). The form keeps only ids.
 */
import { useDeferredValue, useId, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { controlClasses } from '@/components/ui/form-field';
import { productsByIdsQueryOptions, productsQueryOptions } from '@/lib/api/get-products';
import { cn } from '@/lib/cn';

/** How many matches the list offers at once (type more to narrow). */
const SHOWN = 8;

export function ProductPicker({
  label,
  hint,
  value,
  onChange,
  error,
}: {
  label: string;
  hint?: string;
  /** The chosen products' ids. */
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const words = useDeferredValue(text.trim());

  const named = useQuery(productsByIdsQueryOptions(value));
  const nameOf = new Map((named.data?.AllProducts ?? []).map((p) => [p._id, p.name]));
  const found = useQuery({ ...productsQueryOptions(1, words), enabled: words.length > 0 });
  const options = words
    ? (found.data?.AllProducts ?? []).filter((p) => !value.includes(p._id)).slice(0, SHOWN)
    : [];
  const showList = open && words.length > 0;

  function add(productId: string) {
    onChange([...value, productId]);
    setText('');
    setActive(0);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => Math.max(0, Math.min(a + step, options.length - 1)));
    } else if (e.key === 'Enter') {
      // Enter adds the highlighted product; it never submits the form around the picker.
      e.preventDefault();
      if (showList && options[active]) add(options[active]._id);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  }

  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {value.length > 0 && (
        <ul aria-label={`${label}: chosen`} className="flex flex-wrap gap-1.5">
          {value.map((productId) => {
            const name =
              nameOf.get(productId) ??
              (named.isPending ? 'Loading…' : `A product no longer sold (${productId.slice(-6)})`);
            return (
              <li
                key={productId}
                className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-3 text-sm text-brand-800 ring-1 ring-brand-200 dark:bg-brand-500/15 dark:text-brand-100 dark:ring-brand-500/40"
              >
                <span className="truncate">{name}</span>
                <button
                  type="button"
                  aria-label={`Remove ${name}`}
                  onClick={() => onChange(value.filter((v) => v !== productId))}
                  className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-brand-500/30"
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          placeholder="Type a product's name"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && options[active] ? optionId(active) : undefined}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          className={controlClasses}
        />
        {showList && (
          <ul
            id={listId}
            role="listbox"
            aria-label={`${label}: matches`}
            className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-lg border border-slate-300 bg-white py-1 shadow-lg dark:border-slate-600 dark:bg-slate-900"
          >
            {options.length === 0 ? (
              <li className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">
                {found.isFetching ? 'Searching…' : 'No other product has a name like that.'}
              </li>
            ) : (
              options.map((p, i) => (
                <li
                  key={p._id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  // mousedown, not click: the field's blur would close the list first.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    add(p._id);
                  }}
                  onMouseEnter={() => setActive(i)}
                  className={cn(
                    'cursor-pointer px-3 py-2 text-sm text-slate-800 dark:text-slate-200',
                    i === active && 'bg-brand-50 dark:bg-slate-800',
                  )}
                >
                  {p.name}
                </li>
              ))
            )}
          </ul>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
