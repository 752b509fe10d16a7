/**
 * Marking several orders shipped from the admin list: "Select all to ship" above the cards, and
 * while any is ticked, a bar that stays in view at the foot of the screen with "Mark N shipped",
 * which opens the dialog asking each order's courier and AWB (ship-orders-dialog.tsx).
 */
import { useState, type ReactNode } from 'react';
import type { Order } from '@repo/shared';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { ShipSelection } from '../lib/ship-selection';
import { ShipOrdersDialog } from './ship-orders-dialog';

const plural = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;

/** A tick box with its label, thumb-sized (a label of at least 40 px). */
export function Tick({
  checked,
  onChange,
  className,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={cn('flex min-h-10 cursor-pointer items-center', className)}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="h-5 w-5 accent-brand-600"
      />
      {children}
    </label>
  );
}

/** Ticks every order on this page that is ready to ship (or unticks them all). */
export function SelectAllToShip({ selection }: { selection: ShipSelection }) {
  const n = selection.shownReady.length;
  if (n === 0) return null;
  return (
    <Tick
      checked={selection.allShownSelected}
      onChange={selection.selectShown}
      className="w-fit gap-2 text-sm font-medium text-slate-800 dark:text-slate-200"
    >
      Select all to ship on this page ({n})
    </Tick>
  );
}

export function ShipSelectedBar({ selection }: { selection: ShipSelection }) {
  const [shipping, setShipping] = useState<readonly Order[]>();
  const n = selection.selected.length;
  return (
    <>
      {/* Said to screen readers as the count changes; the bar shows it. */}
      <p role="status" className="sr-only">
        {n > 0 ? `${plural(n)} selected to ship` : ''}
      </p>
      {n > 0 && (
        <div
          role="region"
          aria-label="Orders selected to ship"
          className="sticky bottom-3 z-10 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white/95 p-3 shadow-lg backdrop-blur dark:border-slate-700 dark:bg-slate-900/95"
        >
          <p className="text-sm font-semibold text-slate-900 dark:text-white">
            {plural(n)} selected
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="ghost" onClick={selection.clear}>
              Clear
            </Button>
            <Button onClick={() => setShipping(selection.selected)}>Mark {n} shipped</Button>
          </div>
        </div>
      )}
      {shipping && (
        <ShipOrdersDialog
          orders={shipping}
          onDeselect={selection.deselect}
          onClose={() => setShipping(undefined)}
        />
      )}
    </>
  );
}
