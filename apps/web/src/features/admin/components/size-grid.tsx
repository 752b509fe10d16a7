/**
 * The size grid of the product form: tick the sizes the T-shirt is made in and give each its
 * stock; the total is shown. No size ticked means One size, with the Quantity field.
 */
import { LOW_STOCK, SIZES } from '@repo/shared/constants';
import { controlClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { sizesTotal, type ProductFormValues } from '../lib/product-form';

export function SizeGrid({
  values,
  onChange,
}: {
  values: Pick<ProductFormValues, 'sizes'>;
  onChange: (sizes: ProductFormValues['sizes']) => void;
}) {
  const ticked = SIZES.filter((s) => values.sizes[s] !== undefined);
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold text-slate-800 dark:text-slate-200">
        Sizes and stock
      </legend>
      <p id="size-grid-hint" className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        Tick the sizes it is made in and give each its stock. With none ticked it is One size and
        Quantity is its stock.
      </p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {SIZES.map((size) => {
          const on = values.sizes[size] !== undefined;
          const stock = values.sizes[size] ?? '';
          const low = on && stock.trim() !== '' && Number(stock) <= LOW_STOCK;
          return (
            <div
              key={size}
              className={cn(
                'flex flex-col gap-1.5 rounded-lg border p-2',
                on
                  ? 'border-brand-500 bg-brand-50/50 dark:border-brand-400 dark:bg-brand-500/10'
                  : 'border-slate-200 dark:border-slate-700',
              )}
            >
              <label className="flex min-h-10 cursor-pointer items-center gap-2 text-sm font-semibold">
                <input
                  type="checkbox"
                  checked={on}
                  onChange={(e) => {
                    const next = { ...values.sizes };
                    if (e.target.checked) next[size] = '0';
                    else delete next[size];
                    onChange(next);
                  }}
                  className="h-4 w-4 accent-brand-600"
                />
                {size}
              </label>
              <input
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                aria-label={`Stock in ${size}`}
                disabled={!on}
                value={stock}
                onChange={(e) => onChange({ ...values.sizes, [size]: e.target.value })}
                className={cn(
                  controlClasses,
                  'disabled:opacity-40',
                  low && 'border-amber-500 dark:border-amber-400',
                )}
              />
            </div>
          );
        })}
      </div>
      {ticked.length > 0 && (
        <p className="mt-3 text-sm font-semibold" aria-live="polite">
          Total stock: <span data-testid="size-total">{sizesTotal(values)}</span> in{' '}
          {ticked.join(', ')}
        </p>
      )}
    </fieldset>
  );
}
