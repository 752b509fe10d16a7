/**
 * The size picker: one button per size, native radio inputs underneath, so assistive
 * technology hears a radio group and the arrow keys move between sizes. A sold-out size is
 * struck through and cannot be chosen. It works as plain HTML: the chosen size looks chosen by
 * CSS alone (`:checked`), so a size tapped on a server-rendered page before the app takes it
 * over shows at once, and the app hears of it when it is in (kept-taps.ts).
 */
import { useId } from 'react';
import type { SizeStock } from '@repo/shared/rules';
import { cn } from '@/lib/cn';

export function SizePicker({
  sizes,
  value,
  onChange,
  label = 'Size',
  invalid = false,
  describedBy,
}: {
  sizes: readonly SizeStock[];
  value: string | undefined;
  onChange: (size: string) => void;
  label?: string;
  /** Asked for a size and none is chosen yet. */
  invalid?: boolean;
  describedBy?: string | undefined;
}) {
  const name = useId();
  const labelId = `${name}-label`;
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelId}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    >
      <p id={labelId} className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">
        {label}
      </p>
      <div className="flex flex-wrap gap-2">
        {sizes.map(({ size, quantity }) => {
          const soldOut = quantity <= 0;
          return (
            <label
              key={size}
              className={cn(
                'relative flex h-11 min-w-12 items-center justify-center rounded-lg border px-3 text-sm font-semibold transition-colors',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:focus-visible]:ring-offset-2 dark:has-[:focus-visible]:ring-offset-slate-950',
                soldOut
                  ? 'cursor-not-allowed border-dashed border-slate-300 bg-white text-slate-400 line-through dark:border-slate-600 dark:bg-slate-900 dark:text-slate-500'
                  : 'cursor-pointer border-slate-300 bg-white text-slate-900 hover:border-brand-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100',
                // Chosen: by the radio's own state, not the app's (see above).
                'has-[:checked]:border-brand-600 has-[:checked]:bg-brand-600 has-[:checked]:text-white',
                invalid && !value && 'border-red-500 dark:border-red-400',
              )}
            >
              <input
                type="radio"
                name={name}
                value={size}
                checked={value === size}
                disabled={soldOut}
                onChange={() => onChange(size)}
                aria-label={soldOut ? `${size} (sold out)` : size}
                className="sr-only"
              />
              {size}
            </label>
          );
        })}
      </div>
    </div>
  );
}
