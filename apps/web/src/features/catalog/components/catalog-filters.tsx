/**
 * Category checkboxes (several), the five price radios (one), the sizes ("in stock in size M",
 * one) and the catalog's colours ("in stock in Black", one, a swatch beside each name), with a
 * reset. On small
 * screens the panel folds behind a "Filters" button so the products stay in view.
 */
import { startTransition, useId, useOptimistic, useState } from 'react';
import type { CatalogColour, Category } from '@repo/shared';
import { PRICE_RANGES, SIZES, type Size } from '@repo/shared/constants';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export interface CatalogFiltersProps {
  categories: Category[];
  categoriesLoading?: boolean;
  checked: string[];
  priceId: string | undefined;
  size?: Size | undefined;
  onToggleCategory: (id: string, on: boolean) => void;
  onPriceChange: (priceId: string | undefined) => void;
  onSizeChange?: (size: Size | undefined) => void;
  /** The catalog's colours; the chosen one by its key. */
  colours?: CatalogColour[];
  colour?: string | undefined;
  onColourChange?: (colour: string | undefined) => void;
  onReset: () => void;
}

const legend = 'mb-2 text-xs font-bold tracking-wider text-slate-500 uppercase dark:text-slate-400';
// max-sm:py-2.5: 40 px rows on phones, big enough for a thumb.
const option =
  'flex cursor-pointer items-center gap-2.5 rounded-md px-2 py-1.5 text-sm max-sm:py-2.5 text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';
const box = 'h-4 w-4 shrink-0 accent-brand-600';
// Chosen by the radio's own state (:checked): it shows before the app is in.
const chosen =
  'cursor-pointer border-slate-300 text-sm font-semibold text-slate-800 hover:border-brand-500 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-600 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 dark:border-slate-600 dark:text-slate-200';
const chip = cn('flex min-h-10 items-center gap-2 rounded-full border px-3', chosen);

export function CatalogFilters({
  categories,
  categoriesLoading,
  checked,
  priceId,
  size,
  onToggleCategory,
  onPriceChange,
  onSizeChange,
  colours = [],
  colour,
  onColourChange,
  onReset,
}: CatalogFiltersProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  // The URL holds the filters and the router applies it in a transition; until that renders,
  // a controlled box would spring back unticked. The optimistic copies show the choice at once
  // (each tick on the one before, however fast they come).
  const [shownChecked, showChecked] = useOptimistic(
    checked,
    (current, change: { id: string; on: boolean } | 'none') =>
      change === 'none'
        ? []
        : [...current.filter((c) => c !== change.id), ...(change.on ? [change.id] : [])],
  );
  const [shownPriceId, showPriceId] = useOptimistic(priceId);
  const [shownSize, showSize] = useOptimistic(size);
  const [shownColour, showColour] = useOptimistic(colour);
  const active =
    shownChecked.length + (shownPriceId ? 1 : 0) + (shownSize ? 1 : 0) + (shownColour ? 1 : 0);

  function toggleCategory(id: string, on: boolean) {
    startTransition(() => {
      showChecked({ id, on });
      onToggleCategory(id, on);
    });
  }
  function choosePrice(id: string) {
    startTransition(() => {
      showPriceId(id);
      onPriceChange(id);
    });
  }
  function chooseSize(next: Size | undefined) {
    startTransition(() => {
      showSize(next);
      onSizeChange?.(next);
    });
  }

  function chooseColour(next: string | undefined) {
    startTransition(() => {
      showColour(next);
      onColourChange?.(next);
    });
  }

  function reset() {
    startTransition(() => {
      showColour(undefined);
      showChecked('none');
      showPriceId(undefined);
      showSize(undefined);
      onReset();
    });
  }

  return (
    <div className="lg:sticky lg:top-20 lg:self-start">
      <Button
        variant="outline"
        className="w-full justify-between lg:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <span>
          Filters
          {active > 0 && (
            <span className="ml-1 text-brand-700 dark:text-brand-100">({active})</span>
          )}
        </span>
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </Button>
      <div
        id={panelId}
        className={cn(
          'mt-2 space-y-5 rounded-2xl border border-slate-200 bg-white p-4 lg:mt-0 lg:block dark:border-slate-800 dark:bg-slate-900',
          !open && 'hidden',
        )}
      >
        <fieldset>
          <legend className={legend}>Filter by category</legend>
          {categoriesLoading && (
            <p className="px-2 text-sm text-slate-500 dark:text-slate-400">Loading categories...</p>
          )}
          <div className="grid grid-cols-2 gap-x-2 sm:grid-cols-3 lg:grid-cols-1">
            {categories.map((c) => (
              <label key={c._id} className={option}>
                <input
                  type="checkbox"
                  className={box}
                  checked={shownChecked.includes(c._id)}
                  onChange={(e) => toggleCategory(c._id, e.target.checked)}
                />
                <span className="min-w-0 break-words">{c.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className={legend}>Filter by price</legend>
          <div className="grid grid-cols-2 gap-x-2 sm:grid-cols-3 lg:grid-cols-1">
            {PRICE_RANGES.map((r) => (
              <label key={r.id} className={option}>
                <input
                  type="radio"
                  name="price"
                  className={box}
                  checked={shownPriceId === r.id}
                  onChange={() => choosePrice(r.id)}
                />
                <span>{r.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {onSizeChange && (
          <fieldset>
            <legend className={legend}>In stock in size</legend>
            <div className="grid grid-cols-4 gap-1">
              {[undefined, ...SIZES].map((s) => (
                <label
                  key={s ?? 'any'}
                  className={cn(
                    'flex min-h-10 items-center justify-center rounded-md border',
                    chosen,
                  )}
                >
                  <input
                    type="radio"
                    name="size"
                    className="sr-only"
                    checked={shownSize === s}
                    onChange={() => chooseSize(s)}
                  />
                  {s ?? 'Any'}
                  {!s && <span className="sr-only"> size</span>}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {onColourChange && colours.length > 0 && (
          <fieldset>
            <legend className={legend}>In stock in colour</legend>
            <div className="flex flex-wrap gap-1.5">
              {[undefined, ...colours].map((c) => (
                <label key={c?.key ?? 'any'} className={chip}>
                  <input
                    type="radio"
                    name="colour"
                    className="sr-only"
                    checked={shownColour === c?.key}
                    onChange={() => chooseColour(c?.key)}
                    aria-label={c ? undefined : 'Any colour'}
                  />
                  {c && (
                    <span
                      aria-hidden="true"
                      className="h-4 w-4 shrink-0 rounded-full border border-slate-400/70 dark:border-slate-500"
                      style={{ backgroundColor: c.hex }}
                    />
                  )}
                  {c?.name ?? 'Any'}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <Button
          variant="outline"
          size="sm"
          className="w-full"
          disabled={active === 0}
          onClick={reset}
        >
          Reset filters
        </Button>
      </div>
    </div>
  );
}
