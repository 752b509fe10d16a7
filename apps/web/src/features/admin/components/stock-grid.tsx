/**
 * The product form's colours and stock: tick the sizes the T-shirt is made in (none: One
 * size), then one row per colour (its name, its swatch, its stock in each size) in the order
 * shoppers see them, with the totals per colour, per size and in all. A blank cell means that
 * colour is not made in that size; 0 means sold out. Low stock (≤ 5) is amber, none red.
 */
import { LOW_STOCK, ONE_SIZE, SIZES } from '@repo/shared/constants';
import { Button } from '@/components/ui/button';
import { controlClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import {
  colourLabel,
  columnsOf,
  moved,
  newColourRow,
  stockTotals,
  type ColourRow,
  type ProductFormValues,
} from '../lib/product-form';

type Values = Pick<ProductFormValues, 'sizes' | 'colours'>;

const sizeLabel = (size: string) => (size === ONE_SIZE ? 'Stock' : size);

const cell = 'border-b border-slate-200 px-1.5 py-2 dark:border-slate-700';
/**
 * Below xl the admin's column is too narrow for a row of up to seven sizes: each colour is a
 * block (name and buttons, then its cells, each under its size) rather than a row that scrolls
 * sideways. Every control keeps its full name ("Stock of Black in M") either way.
 */
const stacked = {
  table: 'max-xl:block',
  head: 'max-xl:hidden',
  body: 'max-xl:block',
  row: 'max-xl:flex max-xl:flex-wrap max-xl:items-end max-xl:gap-x-2 max-xl:gap-y-2 max-xl:border-b max-xl:border-slate-200 max-xl:py-3 max-xl:dark:border-slate-700',
  colour: 'max-xl:basis-full max-xl:border-0 max-xl:p-0',
  cell: 'max-xl:border-0 max-xl:p-0',
  /** A cell's size (its data-size), shown above it when the column headers are not. */
  label:
    'max-xl:before:mb-1 max-xl:before:block max-xl:before:text-center max-xl:before:text-xs max-xl:before:font-semibold max-xl:before:text-slate-600 max-xl:before:content-[attr(data-size)] max-xl:dark:before:text-slate-400',
};
const small = 'h-9 min-w-9 px-2 text-sm';

export function StockGrid({
  values,
  onChange,
}: {
  values: Values;
  onChange: (values: Values) => void;
}) {
  const columns = columnsOf(values);
  const totals = stockTotals(values);
  const setColour = (i: number, colour: ColourRow) =>
    onChange({ ...values, colours: values.colours.map((c, k) => (k === i ? colour : c)) });
  const move = (i: number, by: number) =>
    onChange({ ...values, colours: moved(values.colours, i, by) });

  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold text-slate-800 dark:text-slate-200">
        Colours, sizes and stock
      </legend>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">
          Made in sizes
        </legend>
        <div className="flex flex-wrap gap-2">
          {SIZES.map((size) => (
            <label
              key={size}
              className="flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 text-sm font-semibold has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50/50 dark:border-slate-700 dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-brand-500/10"
            >
              <input
                type="checkbox"
                checked={values.sizes.includes(size)}
                onChange={(e) =>
                  onChange({
                    ...values,
                    sizes: e.target.checked
                      ? [...values.sizes, size]
                      : values.sizes.filter((s) => s !== size),
                  })
                }
                className="h-4 w-4 accent-brand-600"
              />
              {size}
            </label>
          ))}
        </div>
      </fieldset>
      <p id="stock-grid-hint" className="text-sm text-slate-600 dark:text-slate-400">
        {columns[0] === ONE_SIZE ? 'No size ticked: One size. ' : ''}One row per colour, in the
        order shoppers see them. Leave a cell blank when that colour is not made in that size; 0
        means sold out.
      </p>
      {/* relative: the table's screen-reader-only text stays inside the scrolled box. */}
      <div className="relative overflow-x-auto">
        <table className={cn('w-full border-collapse text-sm', stacked.table)}>
          <caption className="sr-only">Stock per colour and size</caption>
          <thead className={stacked.head}>
            <tr className="text-left text-slate-600 dark:text-slate-400">
              <th scope="col" className={cell}>
                Colour
              </th>
              {columns.map((size) => (
                <th key={size} scope="col" className={cn(cell, 'text-center')}>
                  {sizeLabel(size)}
                </th>
              ))}
              <th scope="col" className={cn(cell, 'text-right')}>
                Total
              </th>
              <th scope="col" className={cell}>
                <span className="sr-only">Order and remove</span>
              </th>
            </tr>
          </thead>
          <tbody className={stacked.body}>
            {values.colours.map((colour, i) => (
              <tr key={colour.key} className={stacked.row}>
                <th scope="row" className={cn(cell, 'font-normal', stacked.colour)}>
                  <div className="flex min-w-44 items-center gap-2">
                    <input
                      type="color"
                      value={colour.hex}
                      onChange={(e) => setColour(i, { ...colour, hex: e.target.value })}
                      aria-label={`Swatch of ${colourLabel(colour, i)}`}
                      className="h-9 w-9 shrink-0 cursor-pointer rounded-full border border-slate-300 bg-transparent p-0.5 dark:border-slate-600"
                    />
                    <input
                      value={colour.name}
                      onChange={(e) => setColour(i, { ...colour, name: e.target.value })}
                      aria-label={`Name of colour ${i + 1}`}
                      placeholder="Colour name"
                      className={cn(controlClasses, 'min-w-32')}
                    />
                  </div>
                </th>
                {columns.map((size) => {
                  const text = colour.stock[size] ?? '';
                  const n = Number(text);
                  const filled = text.trim() !== '' && Number.isFinite(n);
                  return (
                    <td
                      key={size}
                      data-size={sizeLabel(size)}
                      className={cn(cell, stacked.cell, stacked.label)}
                    >
                      <input
                        type="number"
                        inputMode="numeric"
                        min={0}
                        step={1}
                        value={text}
                        onChange={(e) =>
                          setColour(i, {
                            ...colour,
                            stock: { ...colour.stock, [size]: e.target.value },
                          })
                        }
                        aria-label={`Stock of ${colourLabel(colour, i)}${size === ONE_SIZE ? '' : ` in ${size}`}`}
                        aria-describedby="stock-grid-hint"
                        className={cn(
                          controlClasses,
                          // Room for three digits: the table scrolls sideways rather than squeeze them.
                          'min-w-16 text-center max-xl:w-16',
                          filled && n <= 0 && 'border-red-500 dark:border-red-400',
                          filled &&
                            n > 0 &&
                            n <= LOW_STOCK &&
                            'border-amber-500 dark:border-amber-400',
                        )}
                      />
                    </td>
                  );
                })}
                <td
                  data-size="Total"
                  className={cn(
                    cell,
                    stacked.cell,
                    stacked.label,
                    'text-right font-semibold tabular-nums max-xl:min-w-12 max-xl:pb-2',
                  )}
                >
                  {totals.rows[i]}
                </td>
                <td className={cn(cell, stacked.cell, 'max-xl:ml-auto')}>
                  <div className="flex justify-end gap-1">
                    <Button
                      variant="outline"
                      className={small}
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                      aria-label={`Move ${colourLabel(colour, i)} up`}
                    >
                      ↑
                    </Button>
                    <Button
                      variant="outline"
                      className={small}
                      disabled={i === values.colours.length - 1}
                      onClick={() => move(i, 1)}
                      aria-label={`Move ${colourLabel(colour, i)} down`}
                    >
                      ↓
                    </Button>
                    <Button
                      variant="ghost"
                      className={small}
                      disabled={values.colours.length === 1}
                      onClick={() =>
                        onChange({ ...values, colours: values.colours.filter((_, k) => k !== i) })
                      }
                      aria-label={`Remove ${colourLabel(colour, i)}`}
                    >
                      Remove
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className={stacked.body}>
            <tr className={cn('font-semibold', stacked.row, 'max-xl:border-0')}>
              <th scope="row" className={cn('px-2 py-2 text-left', stacked.colour)}>
                Total
              </th>
              {columns.map((size, k) => (
                <td
                  key={size}
                  data-size={sizeLabel(size)}
                  className={cn(
                    'px-2 py-2 text-center tabular-nums',
                    stacked.cell,
                    stacked.label,
                    'max-xl:w-16',
                  )}
                >
                  {totals.perSize[k]}
                </td>
              ))}
              <td
                data-size="All"
                data-testid="stock-total"
                className={cn(
                  'px-2 py-2 text-right tabular-nums',
                  stacked.cell,
                  stacked.label,
                  'max-xl:min-w-12',
                )}
              >
                {totals.total}
              </td>
              <td className="max-xl:hidden" />
            </tr>
          </tfoot>
        </table>
      </div>
      <div>
        <Button
          variant="outline"
          onClick={() => onChange({ ...values, colours: [...values.colours, newColourRow()] })}
        >
          Add colour
        </Button>
      </div>
    </fieldset>
  );
}
