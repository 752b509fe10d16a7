/**
 * The colour picker: a round swatch per colour over a native radio input, so assistive
 * technology hears a radio group ("Colour", each swatch by its name) and the arrow keys move
 * between colours. The chosen colour's name shows beside the label. A colour with nothing left
 * is marked sold out (struck through); `soldOutDisabled` also makes it unchoosable (the card's
 * chooser), while the product page lets a shopper look at its photos.
 */
import { useId } from 'react';
import { isColourSoldOut, type ColourStock } from '@repo/shared/rules';
import { cn } from '@/lib/cn';

export function ColourPicker({
  colours,
  value,
  onChange,
  soldOutDisabled = false,
}: {
  colours: ReadonlyArray<ColourStock & { hex: string }>;
  value: string | undefined;
  onChange: (colour: string) => void;
  soldOutDisabled?: boolean;
}) {
  const name = useId();
  const labelId = `${name}-label`;
  return (
    <div role="radiogroup" aria-labelledby={labelId}>
      <p id={labelId} className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">
        Colour
        {value && <span className="font-normal text-slate-600 dark:text-slate-400">: {value}</span>}
      </p>
      <div className="flex flex-wrap gap-2">
        {colours.map((colour) => {
          const soldOut = isColourSoldOut(colour);
          return (
            <label
              key={colour.name}
              title={soldOut ? `${colour.name} (sold out)` : colour.name}
              className={cn(
                'relative flex h-11 w-11 items-center justify-center rounded-full border-2 border-transparent',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:focus-visible]:ring-offset-2 dark:has-[:focus-visible]:ring-offset-slate-950',
                'has-[:checked]:border-brand-600 dark:has-[:checked]:border-brand-100',
                soldOut && soldOutDisabled ? 'cursor-not-allowed opacity-50' : 'cursor-pointer',
              )}
            >
              <input
                type="radio"
                name={name}
                value={colour.name}
                checked={value === colour.name}
                disabled={soldOut && soldOutDisabled}
                onChange={() => onChange(colour.name)}
                aria-label={soldOut ? `${colour.name} (sold out)` : colour.name}
                className="sr-only"
              />
              <span
                aria-hidden="true"
                style={{ backgroundColor: colour.hex }}
                className={cn(
                  'h-8 w-8 rounded-full ring-1 ring-slate-900/20 dark:ring-white/30',
                  // Sold out: a line across the swatch, as a sold-out size is struck through.
                  soldOut &&
                    'bg-[linear-gradient(to_top_right,transparent_calc(50%-1.5px),rgb(220_38_38)_calc(50%-1.5px),rgb(220_38_38)_calc(50%+1.5px),transparent_calc(50%+1.5px))]',
                )}
              />
            </label>
          );
        })}
      </div>
    </div>
  );
}
