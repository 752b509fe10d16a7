/**
 * The last 30 days at a glance: orders per day (bars), revenue per day (a line) and the
 * number of orders in each status. Hand-made SVG; each chart is a <figure> whose caption
 * and screen-reader table carry the same numbers. Load failures are only logged.
 */
import { useId } from 'react';
import type { OrderOverviewResponse } from '@repo/shared';
import { ORDER_STATUSES } from '@repo/shared/constants/orders';
import { formatRupees } from '@repo/shared/rules';
import { OrderStatusBadge } from '@/components/ui/order-status-badge';
import { useOrderOverview } from '../api/get-order-overview';
import { formatDay } from '../lib/format';
import { useLoadFailure } from '@/lib/outcome';
import { cardClass } from '@/components/ui/styles';

type Day = OrderOverviewResponse['days'][number];

/** The chart's inner box (viewBox units); the SVG stretches to its container. */
const W = 300;
const H = 100;

function DailyChart({
  days,
  kind,
  title,
  valueOf,
  format,
}: {
  days: Day[];
  kind: 'bars' | 'line';
  title: string;
  valueOf: (d: Day) => number;
  format: (n: number) => string;
}) {
  const captionId = useId();
  const values = days.map(valueOf);
  const total = values.reduce((a, b) => a + b, 0);
  // The axis names the real peak (₹0 when nothing sold), never a made-up scale.
  const peak = Math.max(0, ...values);
  const scale = peak > 0 ? peak : 1;
  const step = W / Math.max(1, days.length);
  const y = (v: number) => H - (v / scale) * (H - 4);
  const best = values.indexOf(peak);
  const summary =
    days.length === 0
      ? `${title}: no data`
      : `${title}, ${formatDay(days[0]!.date)} to ${formatDay(days[days.length - 1]!.date)}: ${format(total)} in total` +
        (total > 0
          ? `, highest on ${formatDay(days[best]!.date)} with ${format(values[best]!)}`
          : '');
  const points = values.map((v, i) => `${(i + 0.5) * step},${y(v)}`).join(' ');

  return (
    <figure className={`${cardClass} flex min-w-0 flex-col gap-2 p-4`} aria-labelledby={captionId}>
      <figcaption id={captionId} className="flex items-baseline justify-between gap-2">
        <span className="font-semibold text-slate-800 dark:text-slate-100">{title}</span>
        <span className="text-sm text-slate-500 dark:text-slate-400">
          {format(total)} <span className="sr-only">in the last 30 days</span>
          <span aria-hidden="true">· 30 days</span>
        </span>
      </figcaption>
      <div className="flex gap-2">
        <div
          aria-hidden="true"
          data-testid="y-axis"
          className="flex flex-col justify-between text-right text-[10px] leading-none text-slate-500 dark:text-slate-400"
        >
          <span>{format(peak)}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={summary}
          className="h-28 min-w-0 flex-1 overflow-visible"
        >
          <line
            x1={0}
            y1={H}
            x2={W}
            y2={H}
            className="stroke-slate-300 dark:stroke-slate-600"
            vectorEffect="non-scaling-stroke"
          />
          <line
            x1={0}
            y1={4}
            x2={W}
            y2={4}
            strokeDasharray="4 4"
            className="stroke-slate-200 dark:stroke-slate-700"
            vectorEffect="non-scaling-stroke"
          />
          {kind === 'bars' &&
            values.map((v, i) => (
              <rect
                key={days[i]!.date}
                x={i * step + step * 0.15}
                width={step * 0.7}
                y={y(v)}
                height={H - y(v)}
                rx={1}
                className="fill-brand-500"
              >
                <title>{`${formatDay(days[i]!.date)}: ${format(v)}`}</title>
              </rect>
            ))}
          {kind === 'line' && days.length > 0 && (
            <>
              <polygon
                points={`${0.5 * step},${H} ${points} ${(days.length - 0.5) * step},${H}`}
                className="fill-emerald-500/15 dark:fill-emerald-400/15"
              />
              <polyline
                points={points}
                fill="none"
                strokeWidth={2}
                vectorEffect="non-scaling-stroke"
                className="stroke-emerald-600 dark:stroke-emerald-400"
              />
            </>
          )}
        </svg>
      </div>
      {days.length > 0 && (
        <div
          aria-hidden="true"
          className="flex justify-between pl-6 text-[10px] text-slate-500 dark:text-slate-400"
        >
          <span>{formatDay(days[0]!.date)}</span>
          <span>{formatDay(days[days.length - 1]!.date)}</span>
        </div>
      )}
      <table className="sr-only">
        <caption>{title} per day</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">{title}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d, i) => (
            <tr key={d.date}>
              <th scope="row">{formatDay(d.date)}</th>
              <td>{format(values[i]!)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function StatusTiles({ counts }: { counts: Record<string, number> }) {
  const statuses = [
    ...ORDER_STATUSES,
    ...Object.keys(counts).filter((s) => !(ORDER_STATUSES as readonly string[]).includes(s)),
  ];
  return (
    <ul aria-label="Orders by status" className="grid grid-cols-2 gap-3 @2xl:grid-cols-4">
      {statuses.map((s) => (
        <li key={s} className={`${cardClass} flex items-center justify-between gap-2 px-4 py-3`}>
          <OrderStatusBadge status={s} />
          <span className="text-2xl font-bold text-slate-900 dark:text-white">
            {counts[s] ?? 0}
          </span>
        </li>
      ))}
    </ul>
  );
}

const countText = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;

const overviewTitle = (
  <h3 id="orders-overview-title" className="text-lg font-semibold text-slate-900 dark:text-white">
    Last 30 days
  </h3>
);

/**
 * Empty tiles and chart cards of the real ones' sizes while the overview loads, so it does
 * not push the order list down when it arrives (it did by about 600 px on a phone).
 */
function OverviewPlaceholder() {
  const block = 'animate-pulse rounded bg-slate-100 dark:bg-slate-800';
  return (
    <section
      aria-labelledby="orders-overview-title"
      aria-busy="true"
      className="@container flex flex-col gap-3"
    >
      {overviewTitle}
      <ul aria-hidden="true" className="grid grid-cols-2 gap-3 @2xl:grid-cols-4">
        {ORDER_STATUSES.map((s) => (
          <li key={s} className={`${cardClass} px-4 py-3`}>
            <div className={`${block} h-8`} />
          </li>
        ))}
      </ul>
      <div aria-hidden="true" className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        {/* A chart card's content: caption, chart and date labels, 167 px. */}
        <div className={`${cardClass} p-4`}>
          <div className={`${block} h-[167px]`} />
        </div>
        <div className={`${cardClass} p-4`}>
          <div className={`${block} h-[167px]`} />
        </div>
      </div>
    </section>
  );
}

export function OrdersOverview() {
  const overview = useOrderOverview();
  useLoadFailure(overview, 'the order overview');
  if (overview.isPending) return <OverviewPlaceholder />;
  if (!overview.data?.success) return null;
  const { days, statusCounts } = overview.data;
  return (
    <section aria-labelledby="orders-overview-title" className="@container flex flex-col gap-3">
      {overviewTitle}
      <StatusTiles counts={statusCounts} />
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        <DailyChart
          days={days}
          kind="bars"
          title="Orders"
          valueOf={(d) => d.orders}
          format={countText}
        />
        <DailyChart
          days={days}
          kind="line"
          title="Revenue"
          valueOf={(d) => d.revenue}
          format={formatRupees}
        />
      </div>
    </section>
  );
}
