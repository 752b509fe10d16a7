/**
 * A card's colours at a glance: up to four small swatches, then "+N" for the rest. Read out as
 * one line ("4 colours: Black, White, Navy, Sand"); a product in one colour shows none.
 */
import { CARD_SWATCHES } from '@repo/shared/constants';

export function ColourSwatches({
  colours,
}: {
  colours: ReadonlyArray<{ name: string; hex: string }>;
}) {
  if (colours.length < 2) return null;
  const shown = colours.slice(0, CARD_SWATCHES);
  const more = colours.length - shown.length;
  return (
    <p className="flex items-center gap-1.5">
      <span className="sr-only">
        {colours.length} colours: {colours.map((c) => c.name).join(', ')}
      </span>
      {shown.map((c) => (
        <span
          key={c.name}
          aria-hidden="true"
          title={c.name}
          style={{ backgroundColor: c.hex }}
          className="h-4 w-4 rounded-full ring-1 ring-slate-900/20 dark:ring-white/30"
        />
      ))}
      {more > 0 && (
        <span
          aria-hidden="true"
          className="text-xs font-semibold text-slate-600 dark:text-slate-400"
        >
          +{more}
        </span>
      )}
    </p>
  );
}
