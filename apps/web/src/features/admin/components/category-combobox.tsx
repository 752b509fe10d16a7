/**
 * A searchable category select (WAI-ARIA combobox with a listbox popup): type to filter,
 * ArrowUp/ArrowDown to move, Enter to choose, Escape to close. Leaving the field keeps the
 * chosen category (or picks the one whose name was typed exactly).
 */
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { Category } from '@repo/shared';
import { controlClasses } from '@/components/ui/form-field';
import { labelClass } from '@/components/ui/styles';

export function CategoryCombobox({
  categories,
  value,
  onChange,
  disabled,
}: {
  categories: Category[];
  /** The chosen category's id, or '' for none. */
  value: string;
  onChange: (id: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  // null: not typing, the field shows the chosen category's name.
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const selected = categories.find((c) => c._id === value);
  const needle = (query ?? '').trim().toLowerCase();
  const options = needle
    ? categories.filter((c) => c.name.toLowerCase().includes(needle))
    : categories;
  const showList = open && options.length > 0;

  useEffect(() => {
    if (showList) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, showList]);

  function choose(category: Category) {
    onChange(category._id);
    setQuery(null);
    setOpen(false);
  }

  function openAt(index: number) {
    setOpen(true);
    setActive(Math.max(0, Math.min(index, options.length - 1)));
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        openAt(
          open
            ? active + 1
            : Math.max(
                0,
                options.findIndex((c) => c._id === value),
              ),
        );
        break;
      case 'ArrowUp':
        e.preventDefault();
        openAt(open ? active - 1 : options.length - 1);
        break;
      case 'Home':
      case 'End':
        if (!open) return;
        e.preventDefault();
        setActive(e.key === 'Home' ? 0 : options.length - 1);
        break;
      case 'Enter':
        // Choosing must not submit the form.
        if (showList && options[active]) {
          e.preventDefault();
          choose(options[active]);
        }
        break;
      case 'Escape':
        if (open || query !== null) {
          e.preventDefault();
          e.stopPropagation();
          setOpen(false);
          setQuery(null);
        }
        break;
    }
  }

  function onBlur() {
    if (query !== null) {
      const exact = categories.find((c) => c.name.toLowerCase() === needle);
      if (exact) onChange(exact._id);
    }
    setQuery(null);
    setOpen(false);
  }

  return (
    <div className="relative">
      <label htmlFor={id} className={`${labelClass} mb-1.5`}>
        Category
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList ? optionId(active) : undefined}
          autoComplete="off"
          disabled={disabled}
          placeholder="Search and select a category"
          value={query ?? selected?.name ?? ''}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
          className={`${controlClasses} pr-10`}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label="Show categories"
          disabled={disabled}
          // Keep the focus in the field while toggling.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            document.getElementById(id)?.focus();
            setOpen((o) => !o);
          }}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-500 dark:text-slate-400"
        >
          <span aria-hidden="true">▾</span>
        </button>
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label="Categories"
        hidden={!showList}
        className="absolute z-30 mt-1 max-h-60 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-600 dark:bg-slate-800"
      >
        {showList &&
          options.map((c, i) => (
            <li
              key={c._id}
              id={optionId(i)}
              role="option"
              aria-selected={c._id === value}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(c)}
              className={`cursor-pointer px-3 py-2 text-sm ${
                i === active
                  ? 'bg-brand-600 text-white dark:bg-brand-500'
                  : 'text-slate-800 dark:text-slate-100'
              }`}
            >
              {c._id === value && <span aria-hidden="true">✓ </span>}
              {c.name}
            </li>
          ))}
      </ul>
      {open && options.length === 0 && (
        <p role="status" className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          No matching category
        </p>
      )}
    </div>
  );
}
