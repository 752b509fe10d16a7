/**
 * `pnpm --filter @repo/bench soak`: mixed catalog reads (wrk when installed, else autocannon; 64 connections) on an idle
 * shop for a few seconds, then 30 s of the same reads with sandbox checkouts running alongside (create-order → sandbox pay → verify-payment; some verified
 * twice at once, some replayed later), on loopback against the built shop. Then the books
 * are checked in the database: no 5xx, exactly one order per verified payment and no other
 * order, each duplicate answered with the same order, the stock of every colour and size never
 * negative and moved by exactly what the orders took, the products' sizes and quantity their
 * colours' sums. Budgets for the reads while shoppers pay: at least 70% of the idle reads'
 * throughput, p99 ≤ 50 ms, at 20 or more checkouts/s. Prints a table, writes
 * bench/soak-results.json, exits 1 on a violation or a missed budget.
 * Options: --duration SECONDS (default 30), --quick (10 s), --no-build.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  adminAuth,
  FORM_FIELDS,
  openDatabase,
  pairsInStock,
  stockSizes,
  workload,
} from './lib/catalog.mjs';
import { call } from './lib/http.mjs';
import { catalogReads } from './lib/load.mjs';
import { mixedReads } from './lib/traffic.mjs';
import { stopAll } from './lib/processes.mjs';
import { busyWarning, fixed, int, machineInfo, printTable } from './lib/report.mjs';
import { buildShop, startDatabase, startShop } from './lib/shop.mjs';

const { values: args } = parseArgs({
  // `pnpm bench -- --quick` passes the `--` through.
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    duration: { type: 'string' },
    quick: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
  },
});
const DURATION_S = Number(args.duration ?? (args.quick ? 10 : 30));
const READ_CONNECTIONS = 64;
const SHOPPERS = 8;
const IDLE_S = args.quick ? 3 : 5;
const BUDGETS = { busyReadRatio: 0.7, p99Ms: 50, checkoutsPerSecond: 20 };
/** Products whose stock is set this low, so concurrent buyers run them out. */
const SCARCE = 3;
const SCARCE_STOCK = 4;
/** Products every cart draws from, stocked so they never run out. */
const PLENTIFUL = 8;
const PLENTY_STOCK = 100_000;

const log = (msg) => console.log(`[soak] ${msg}`);
const warning = busyWarning('at the start');
if (warning) console.warn(`[soak] warning: ${warning}`);
if (!args['no-build']) {
  log('building the API and the web app…');
  buildShop();
}

const tmp = mkdtempSync(join(tmpdir(), 'shop-soak-'));
let database;
let client;
let shop;
const violations = [];
const figures = {};
try {
  database = await startDatabase(join(tmp, 'db'));
  const mongoUri = `${database.uri}shop`;
  shop = await startShop({ mongoUri, dataDir: join(tmp, 'data') });
  ({ client } = await openDatabase(mongoUri));
  const db = client.db();
  const products = db.collection('products');

  // Stock, set as an admin sets it: a few products nearly sold out in every colour and size,
  // the next few plentiful; every starting quantity noted, per colour and size.
  const newest = await products
    .find({}, { projection: FORM_FIELDS })
    .sort({ createdAt: -1 })
    .toArray();
  if (newest.length < SCARCE + PLENTIFUL)
    throw new Error(`the demo catalog needs at least ${SCARCE + PLENTIFUL} products`);
  const admin = await adminAuth(shop.url);
  const scarce = await stockSizes(shop.url, admin, newest.slice(0, SCARCE), SCARCE_STOCK);
  const plenty = await stockSizes(
    shop.url,
    admin,
    newest.slice(SCARCE, SCARCE + PLENTIFUL),
    PLENTY_STOCK,
  );
  const catalog = [...scarce, ...plenty, ...newest.slice(SCARCE + PLENTIFUL)];
  /** "<product id> <colour> <size>" → units. */
  const pairKey = (productId, colour, size) => `${productId} ${colour} ${size}`;
  const stockOf = (list) =>
    new Map(
      list.flatMap((p) =>
        p.colours.flatMap((c) => c.sizes.map((s) => [pairKey(p._id, c.name, s.size), s.quantity])),
      ),
    );
  const initialStock = stockOf(catalog);

  const shoppers = [];
  for (let i = 0; i < SHOPPERS; i += 1) {
    const res = await call(shop.url, 'POST', '/api/auth/register', {
      body: {
        name: `Soak Shopper ${i + 1}`,
        email: `soak${i + 1}@example.com`,
        password: 'soak-password-1',
        phone: '9876543210',
        address: `${i + 1} Soak Street, Pune 411001`,
      },
    });
    if (res.status !== 201)
      throw new Error(`register answered ${res.status}: ${res.raw.toString('utf8').slice(0, 300)}`);
    shoppers.push({ id: res.json.user._id, auth: `Bearer ${res.json.token}` });
  }

  const reads = catalogReads(await workload(db)).concat([
    { method: 'GET', path: '/api/product/productList/2' },
  ]);
  log(`${IDLE_S} s: the same reads on the idle shop, at ${READ_CONNECTIONS} connections…`);
  await mixedReads(shop.url, reads, { connections: READ_CONNECTIONS, duration: 1 });
  figures.idleReads = await mixedReads(shop.url, reads, {
    connections: READ_CONNECTIONS,
    duration: IDLE_S,
  });
  const deadline = Date.now() + DURATION_S * 1000;
  log(
    `${DURATION_S} s: catalog reads at ${READ_CONNECTIONS} connections with ${SHOPPERS} shoppers checking out alongside…`,
  );
  const readRun = new Promise((resolve, reject) => {
    autocannon(
      {
        url: shop.url,
        connections: READ_CONNECTIONS,
        duration: DURATION_S,
        timeout: 10,
        requests: reads.map((r) => ({
          method: r.method,
          path: r.path,
          ...(r.body
            ? { body: JSON.stringify(r.body), headers: { 'content-type': 'application/json' } }
            : {}),
        })),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });

  const calls = { total: 0, byStatus: {}, fiveXX: [] };
  const api = async (shopper, method, path, body) => {
    const res = await call(shop.url, method, path, {
      body,
      headers: shopper ? { authorization: shopper.auth } : {},
    });
    calls.total += 1;
    calls.byStatus[res.status] = (calls.byStatus[res.status] ?? 0) + 1;
    if (res.status >= 500)
      calls.fiveXX.push(
        `${method} ${path} → ${res.status} ${res.raw.toString('utf8').slice(0, 200)}`,
      );
    return res;
  };
  const verified = new Map(); // paymentId → orderId
  const counts = { checkouts: 0, refused: 0, duplicates: 0, replays: 0, mismatched: [] };
  const verifiedPayments = [];

  async function verify(shopper, payment) {
    const res = await api(shopper, 'POST', '/api/payment/verify-payment', {
      ...payment,
      userId: shopper.id,
      shippingAddress: '',
    });
    return res;
  }
  function record(paymentId, res, what) {
    if (res.status !== 200 || res.json?.success !== true || !res.json.orderId) {
      counts.mismatched.push(
        `${what} of ${paymentId}: ${res.status} ${res.raw.toString('utf8').slice(0, 200)}`,
      );
      return;
    }
    const known = verified.get(paymentId);
    if (known && known !== res.json.orderId)
      counts.mismatched.push(
        `${what} of ${paymentId}: order ${res.json.orderId}, earlier ${known}`,
      );
    if (!known) verified.set(paymentId, res.json.orderId);
  }

  const soldOut = new Set();
  async function shopperLoop(shopper, n) {
    for (let i = 0; Date.now() < deadline; i += 1) {
      // One or two lines; every third cart holds a scarce product.
      const lines = [plenty[(n * 7 + i) % plenty.length]];
      const stocked = scarce.filter((p) => !soldOut.has(String(p._id)));
      if (i % 3 === 0 && stocked.length) lines.push(stocked[(n + i) % stocked.length]);
      else if (i % 2 === 0) lines.push(plenty[(n * 7 + i + 1) % plenty.length]);
      // Each line in one of the product's colour-and-size pairs, turn by turn.
      const items = lines.map((p, k) => {
        const pairs = pairsInStock(p);
        return { _id: String(p._id), ...pairs[(n + i + k) % pairs.length], cartQuantity: k + 1 };
      });
      const amount = lines.reduce((sum, p, k) => sum + p.price * items[k].cartQuantity, 0);
      const created = await api(shopper, 'POST', '/api/payment/create-order', { amount, items });
      if (created.status === 409) {
        // Out of stock: the shop says so before any money moves; this shopper stops asking.
        counts.refused += 1;
        if (created.json?.productId && scarce.length) {
          const p = scarce.find((s) => String(s._id) === String(created.json.productId));
          // A scarce product is left alone once every colour and size has been refused.
          if (p) (p.refused ??= new Set()).add(`${created.json.colour} ${created.json.size}`);
          if (p && p.refused.size >= pairsInStock(p).length) soldOut.add(String(p._id));
        }
        continue;
      }
      if (created.status !== 200)
        throw new Error(
          `create-order answered ${created.status}: ${created.raw.toString('utf8').slice(0, 300)}`,
        );
      const paid = await api(null, 'POST', '/api/payment/sandbox/pay', {
        order_id: created.json.order.id,
      });
      if (paid.status !== 200)
        throw new Error(
          `sandbox pay answered ${paid.status}: ${paid.raw.toString('utf8').slice(0, 300)}`,
        );
      const payment = paid.json;
      if (i % 4 === 1) {
        // A double click: the same payment verified twice at once.
        const [a, b] = await Promise.all([verify(shopper, payment), verify(shopper, payment)]);
        record(payment.razorpay_payment_id, a, 'verify');
        record(payment.razorpay_payment_id, b, 'concurrent verify');
        counts.duplicates += 1;
      } else {
        record(payment.razorpay_payment_id, await verify(shopper, payment), 'verify');
      }
      counts.checkouts += 1;
      verifiedPayments.push({ shopper, payment });
      if (i % 5 === 2) {
        // A replay of an earlier payment (a retried request, a reloaded page).
        const earlier = verifiedPayments[(i * 13) % verifiedPayments.length];
        record(
          earlier.payment.razorpay_payment_id,
          await verify(earlier.shopper, earlier.payment),
          'replay',
        );
        counts.replays += 1;
      }
    }
  }

  const started = Date.now();
  const [readResult] = await Promise.all([readRun, ...shoppers.map((s, n) => shopperLoop(s, n))]);
  const elapsed = (Date.now() - started) / 1000;

  // The books.
  const orders = await db
    .collection('orders')
    .find({}, { projection: { paymentId: 1, items: 1, stockShortage: 1 } })
    .toArray();
  const perPayment = new Map();
  for (const o of orders) perPayment.set(o.paymentId, (perPayment.get(o.paymentId) ?? 0) + 1);
  const doubled = [...perPayment].filter(([, n]) => n !== 1);
  if (doubled.length)
    violations.push(
      `${doubled.length} payment(s) with more than one order: ${doubled
        .slice(0, 3)
        .map(([p, n]) => `${p} ×${n}`)
        .join(', ')}`,
    );
  if (orders.length !== verified.size)
    violations.push(`${orders.length} orders for ${verified.size} distinct verified payments`);
  const orderIds = new Set(orders.map((o) => String(o._id)));
  const missing = [...verified].filter(
    ([paymentId, orderId]) => !perPayment.has(paymentId) || !orderIds.has(orderId),
  );
  if (missing.length) violations.push(`${missing.length} verified payment(s) without their order`);
  if (counts.mismatched.length)
    violations.push(
      `${counts.mismatched.length} verification(s) not answered with the payment's one order: ${counts.mismatched.slice(0, 3).join('; ')}`,
    );

  const finalProducts = await products
    .find({}, { projection: { quantity: 1, sizes: 1, colours: 1 } })
    .toArray();
  const finalStock = stockOf(finalProducts);
  const negative = [...finalStock].filter(([, q]) => q < 0);
  if (negative.length)
    violations.push(`${negative.length} colour-and-size pair(s) with negative stock (oversold)`);
  const total = (sizes) => sizes.reduce((sum, s) => sum + s.quantity, 0);
  const unsummed = finalProducts.filter(
    (p) =>
      p.quantity !== total(p.sizes) ||
      p.sizes.some(
        (s) =>
          s.quantity !==
          total(p.colours.flatMap((c) => c.sizes.filter((cs) => cs.size === s.size))),
      ),
  );
  if (unsummed.length)
    violations.push(
      `${unsummed.length} product(s) whose sizes are not their colours' sums or quantity not their total`,
    );
  const taken = new Map();
  for (const o of orders)
    for (const item of o.items)
      if (item.stock === 'taken') {
        const key = pairKey(item.product, item.colour, item.size);
        taken.set(key, (taken.get(key) ?? 0) + item.cartQuantity);
      }
  const unbalanced = [...initialStock].filter(
    ([key, q]) => q - (finalStock.get(key) ?? 0) !== (taken.get(key) ?? 0),
  );
  if (unbalanced.length)
    violations.push(
      `${unbalanced.length} colour-and-size pair(s) whose stock moved by other than what the orders took`,
    );
  const pendingStock = orders
    .flatMap((o) => o.items)
    .filter((i) => i.stock === 'pending' || i.stock === 'taking').length;
  if (pendingStock) violations.push(`${pendingStock} order line(s) whose stock was never settled`);

  const read5xx = Object.entries(readResult.statusCodeStats ?? {})
    .filter(([code]) => Number(code) >= 500)
    .reduce((sum, [, s]) => sum + s.count, 0);
  const fiveXX = read5xx + calls.fiveXX.length;
  if (fiveXX)
    violations.push(
      `${fiveXX} answer(s) with a 5xx status${calls.fiveXX.length ? `: ${calls.fiveXX.slice(0, 3).join('; ')}` : ''}`,
    );
  if (readResult.errors)
    violations.push(`${readResult.errors} read(s) failed at the socket (errors or timeouts)`);
  if (counts.checkouts === 0) violations.push('no checkout completed');
  const busyRatio =
    readResult.requests.total / readResult.duration / figures.idleReads.requestsPerSecond;
  const checkoutRate = counts.checkouts / elapsed;
  if (checkoutRate < BUDGETS.checkoutsPerSecond)
    violations.push(
      `budget: ${fixed(checkoutRate)} checkouts/s, below the ${BUDGETS.checkoutsPerSecond} the read budget is measured at`,
    );
  if (busyRatio < BUDGETS.busyReadRatio)
    violations.push(
      `budget: reads while shoppers pay at ${fixed(busyRatio * 100)}% of the idle reads (≥ ${BUDGETS.busyReadRatio * 100}%)`,
    );
  if (readResult.latency.p99 > BUDGETS.p99Ms)
    violations.push(
      `budget: reads p99 ${readResult.latency.p99} ms while shoppers pay (≤ ${BUDGETS.p99Ms})`,
    );

  Object.assign(figures, {
    durationSeconds: elapsed,
    reads: {
      connections: READ_CONNECTIONS,
      requests: readResult.requests.total,
      perSecond: readResult.requests.total / readResult.duration,
      p50Ms: readResult.latency.p50,
      p99Ms: readResult.latency.p99,
      non2xx: readResult.non2xx,
      socketErrors: readResult.errors,
      statusCodes: Object.fromEntries(
        Object.entries(readResult.statusCodeStats ?? {}).map(([c, s]) => [c, s.count]),
      ),
    },
    checkouts: {
      shoppers: SHOPPERS,
      completed: counts.checkouts,
      perSecond: counts.checkouts / elapsed,
      concurrentDuplicates: counts.duplicates,
      replays: counts.replays,
      refusedOutOfStock: counts.refused,
      ordersShortOfStock: orders.filter((o) => o.stockShortage).length,
      apiCalls: calls.total,
      statusCodes: calls.byStatus,
    },
    orders: orders.length,
    distinctVerifiedPayments: verified.size,
    fiveXX,
    scarceStockLeft: scarce.flatMap((p) =>
      p.colours.flatMap((c) => c.sizes.map((s) => finalStock.get(pairKey(p._id, c.name, s.size)))),
    ),
  });
} catch (err) {
  violations.push(`the soak could not run: ${err.message}`);
} finally {
  await client?.close();
  await shop?.stop();
  await database?.stop();
  await stopAll();
  rmSync(tmp, { recursive: true, force: true });
}

if (figures.reads) {
  const r = figures.reads;
  const c = figures.checkouts;
  printTable(
    `Soak: ${fixed(figures.durationSeconds, 0)} s on loopback`,
    ['figure', 'value'],
    [
      [
        'idle shop: catalog reads/s, p99 ms',
        `${int(figures.idleReads.requestsPerSecond)}, ${fixed(figures.idleReads.p99)}`,
      ],
      ['catalog reads/s', int(r.perSecond)],
      [
        '  of the idle reads',
        `${fixed((r.perSecond / figures.idleReads.requestsPerSecond) * 100)}%`,
      ],
      ['catalog reads p50 / p99 ms', `${fixed(r.p50Ms)} / ${fixed(r.p99Ms)}`],
      ['catalog reads', int(r.requests)],
      ['checkouts completed', int(c.completed)],
      ['checkouts/s', fixed(c.perSecond, 1)],
      ['verified twice at once', int(c.concurrentDuplicates)],
      ['replayed verifications', int(c.replays)],
      ['refused: out of stock', int(c.refusedOutOfStock)],
      ['orders flagged short of stock', int(c.ordersShortOfStock)],
      [
        'orders / distinct verified payments',
        `${int(figures.orders)} / ${int(figures.distinctVerifiedPayments)}`,
      ],
      ['5xx answers', int(figures.fiveXX)],
    ],
  );
}
const output = {
  date: new Date().toISOString(),
  machine: machineInfo(),
  warning,
  ...figures,
  violations,
};
writeFileSync(
  new URL('./soak-results.json', import.meta.url),
  `${JSON.stringify(output, null, 2)}\n`,
);
log('figures written to bench/soak-results.json');
if (violations.length) {
  console.error(`\n[soak] FAIL:\n${violations.map((v) => `  - ${v}`).join('\n')}`);
  process.exit(1);
}
log('PASS: no 5xx, one order per verified payment, stock never negative and balanced');
