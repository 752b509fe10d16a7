/**
 * The orders ticked on the admin list to mark shipped together. Only an order ready to ship can
 * be ticked: confirmed, with an address and its stock (an order flagged for action is shipped on
 * its own, from its dropdown). The selection outlives paging and searching; an order shown again
 * is kept as it is now, and dropped once it can no longer be shipped (shipped or cancelled
 * meanwhile).
 */
import { useState } from 'react';
import type { Order } from '@repo/shared';

export const readyToShip = (o: Order) =>
  o.status === 'pending' && !o.addressNeeded && !o.stockShortage;

export function useShipSelection(shown: readonly Order[]) {
  const [picked, setPicked] = useState<ReadonlyMap<string, Order>>(new Map());
  const now = new Map(shown.map((o) => [o._id, o]));
  const selected = new Map<string, Order>();
  for (const [id, order] of picked) {
    const current = now.get(id) ?? order;
    if (readyToShip(current)) selected.set(id, current);
  }
  const shownReady = shown.filter(readyToShip);

  function change(orders: readonly Order[], on: boolean) {
    setPicked((prev) => {
      const next = new Map(prev);
      for (const o of orders) {
        if (on) next.set(o._id, o);
        else next.delete(o._id);
      }
      return next;
    });
  }

  return {
    /** Newest first, as the list shows them. */
    selected: [...selected.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    isSelected: (id: string) => selected.has(id),
    toggle: (order: Order, on: boolean) => change([order], on),
    /** Every order on this page that is ready to ship, and whether all of them are ticked. */
    shownReady,
    allShownSelected: shownReady.length > 0 && shownReady.every((o) => selected.has(o._id)),
    selectShown: (on: boolean) => change(shownReady, on),
    deselect: (orders: readonly Order[]) => change(orders, false),
    clear: () => setPicked(new Map()),
  };
}
export type ShipSelection = ReturnType<typeof useShipSelection>;
