/**
 * The paying shoppers of the busy step in a process of their own (`payInOwnProcess` in
 * traffic.mjs): in the load generator's process their requests would take turns on the event
 * loop that drives the reads, and slow the reads the step measures. Argument: JSON with the
 * shop's `url`, `shoppers`, `products` (`_id`, `price`, `sizes`), `startAt` and `until`
 * (timestamps) and `perSecond`; prints the counts and the seconds they took as JSON.
 */
import { checkouts } from './traffic.mjs';

const { url, shoppers, products, startAt, until, perSecond } = JSON.parse(process.argv[2]);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
const started = Date.now();
const counts = await checkouts(url, shoppers, products, until, { perSecond });
// From the first checkout's start to the last one's end: what the checkout rate is over.
process.stdout.write(JSON.stringify({ ...counts, seconds: (Date.now() - started) / 1000 }));
