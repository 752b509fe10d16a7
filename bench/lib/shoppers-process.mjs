/**
 * The paying shoppers of the busy step in a process of their own (`startShoppers` in
 * traffic.mjs): in the load generator's process their requests would take turns on the event
 * loop that drives the reads, and slow the reads the step measures. Argument: JSON with the
 * shop's `url`, `shoppers`, `products` (`_id`, `price`, `sizes`) and `perSecond`. Says `ready`
 * once loaded; then each line on its input, `{ startAt, until }` (timestamps), is a round of
 * checkouts from `startAt` to `until`, answered with a line of JSON: the counts and the seconds
 * from the first checkout's start to the last one's end.
 */
import { createInterface } from 'node:readline';
import { checkouts } from './traffic.mjs';

const { url, shoppers, products, perSecond } = JSON.parse(process.argv[2]);
const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
for await (const line of lines) {
  const { startAt, until } = JSON.parse(line);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
  const started = Date.now();
  const counts = await checkouts(url, shoppers, products, until, { perSecond });
  process.stdout.write(
    `${JSON.stringify({ ...counts, seconds: (Date.now() - started) / 1000, late: started - startAt })}\n`,
  );
}
