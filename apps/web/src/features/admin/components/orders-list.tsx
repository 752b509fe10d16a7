/**
 * Every order (or those searched for, in one status), newest first, paged, with ticks to mark
 * several shipped together (ship-selected.tsx). Load failures are only logged.
 */
import { useSearchParams } from 'react-router-dom';
import type { Order } from '@repo/shared';
import { PAGE_SIZE } from '@repo/shared/constants';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Loading } from '@/components/ui/spinner';
import { useOrders } from '../api/get-orders';
import { useLoadFailure } from '@/lib/outcome';
import { usePageParam } from '@/lib/use-page-param';
import { OrderCard } from './order-card';
import { OrderSearch } from './order-search';
import { SelectAllToShip, ShipSelectedBar } from './ship-selected';
import { readyToShip, useShipSelection, type ShipSelection } from '../lib/ship-selection';
import { BoxIcon } from '@/components/ui/icons';

export function OrdersList() {
  const [page, setPage] = usePageParam();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const status = params.get('status') ?? '';
  const orders = useOrders(page, PAGE_SIZE, q, status);
  useLoadFailure(orders, 'admin orders');

  /** A new search or filter starts again at page 1. */
  function setParam(name: 'q' | 'status', next: string) {
    setParams((p) => {
      const copy = new URLSearchParams(p);
      copy.delete('page');
      if (next) copy.set(name, next);
      else copy.delete(name);
      return copy;
    });
  }

  const list = orders.data?.success ? orders.data.orders : [];
  const total = orders.data?.total ?? 0;
  const selection = useShipSelection(list);
  // One frame for every state, so the search box keeps what is typed while the list loads.
  return (
    <div className="flex flex-col gap-4">
      <OrderSearch
        key={q}
        q={q}
        status={status}
        onSearch={(next) => setParam('q', next)}
        onStatus={(next) => setParam('status', next)}
      />
      {orders.isPending ? (
        <Loading text="Loading orders..." />
      ) : list.length === 0 ? (
        <EmptyState title="No orders found." icon={<BoxIcon />} />
      ) : (
        <OrderPages
          list={list}
          page={page}
          total={total}
          onPageChange={setPage}
          selection={selection}
        />
      )}
      <ShipSelectedBar selection={selection} />
    </div>
  );
}

function OrderPages({
  list,
  page,
  total,
  onPageChange,
  selection,
}: {
  list: Order[];
  page: number;
  total: number;
  onPageChange: (page: number) => void;
  selection: ShipSelection;
}) {
  return (
    <>
      <SelectAllToShip selection={selection} />
      <ul className="flex flex-col gap-4">
        {list.map((o) => (
          <li key={o._id}>
            <OrderCard
              order={o}
              tick={
                readyToShip(o)
                  ? {
                      checked: selection.isSelected(o._id),
                      onChange: (on) => selection.toggle(o, on),
                    }
                  : undefined
              }
            />
          </li>
        ))}
      </ul>
      {total > PAGE_SIZE && <Pagination page={page} total={total} onPageChange={onPageChange} />}
    </>
  );
}
