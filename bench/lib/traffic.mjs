/**
 * The shop when it is busy, on loopback and bounded in time or count:
 * - mixed catalog reads at a number of connections (wrk, or autocannon without it), alone or beside
 * - shoppers checking out with the sandbox provider (create-order → sandbox pay → verify),
 * - and many distinct URLs (GET and the filter POST), with the shop's memory before and after.
 */
import autocannon from 'autocannon';
import { adminAuth, FORM_FIELDS, pairsInStock, stockSizes } from './catalog.mjs';
import { call } from './http.mjs';
import { shopProcesses } from './processes.mjs';
import { fixed, int, printTable } from './report.mjs';
import { hasWrk, wrkReads } from './wrk.mjs';

/**
 * The busy shop's budgets. Reads while shoppers pay: at least `busyReadRatio` of the idle
 * reads at `checkoutsPerSecond` or more, p99 ≤ `p99Ms`, no errors, nothing oversold. Memory:
 * the shop's resident set grows by at most `distinctUrlsRssGrowthBytes` across the distinct
 * URLs: the catalog cache's 48 MiB (apps/api/src/lib/catalog-cache.ts) and the lane's POST-URL
 * set (64 KiB), with the garbage collector's own head-room on top. Without those bounds every
 * URL would keep its own answer (100,000 × 10–30 KB).
 */
export const TRAFFIC_BUDGETS = {
  busyReadRatio: 0.7,
  checkoutsPerSecond: 20,
  p99Ms: 50,
  distinctUrlsRssGrowthBytes: 192 * 2 ** 20,
  /**
   * Each process that answers requests (a worker, or the one process) at idle: once started,
   * and again after the whole run (reads, payments, the distinct URLs).
   */
  workerIdleRssBytes: 200 * 2 ** 20,
};

/**
 * "At idle": no request for this long before the processes' memory is read. A serving process
 * idle for IDLE_GC_MS (5 s by default) collects its garbage once and gives the heap V8 grew
 * under load back (apps/api/src/lib/idle-gc.ts); this leaves it time to, and the system time to
 * unmap the pages. The figure read at once, while the last requests' garbage is still held, is
 * reported beside it.
 */
export const IDLE_SETTLE_MS = 10_000;
const settle = () => new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));

/**
 * The busy shop's steps. Each warm-up is thrown away: the mixed reads span many URLs, each
 * computed afresh after a start or a catalog write and compiled by the JIT as it goes; with a
 * 1 s warm-up the first step measured the cold shop (668 req/s against 4,168 a few seconds on).
 */
export const TRAFFIC_SETTINGS = {
  quick: {
    connections: 64,
    duration: 3,
    warmup: 2,
    shoppers: 8,
    checkoutsPerSecond: 22,
    rounds: 2,
    distinctUrls: 20_000,
  },
  full: {
    connections: 64,
    duration: 10,
    warmup: 5,
    shoppers: 8,
    checkoutsPerSecond: 22,
    rounds: 3,
    distinctUrls: 100_000,
  },
};

const asRequest = (r) => ({
  method: r.method,
  path: r.path,
  ...(r.body
    ? { body: JSON.stringify(r.body), headers: { 'content-type': 'application/json' } }
    : {}),
});

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** What sends the mixed reads: wrk when it is installed (lib/wrk.mjs says why), else autocannon. */
export const READS_SENT_WITH = hasWrk() ? 'wrk' : 'autocannon';

/** The reads in turn on every connection for `duration` seconds. */
export async function mixedReads(url, reads, { connections, duration }) {
  if (READS_SENT_WITH === 'wrk') return wrkReads(url, reads, { connections, duration });
  const r = await run({
    url,
    connections,
    duration,
    timeout: 10,
    requests: reads.map(asRequest),
  });
  return {
    requestsPerSecond: r.requests.total / r.duration,
    seconds: r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    requests: r.requests.total,
    errors: r.non2xx + r.errors,
  };
}

/**
 * Rounds of the same reads as one: requests and errors added, the rate over their time, and
 * the slowest round's latencies (the budget holds for every round).
 */
export function addRounds(rounds) {
  const sum = (key) => rounds.reduce((total, r) => total + r[key], 0);
  const worst = (key) => Math.max(...rounds.map((r) => r[key]));
  return {
    requestsPerSecond: sum('requests') / sum('seconds'),
    p50: worst('p50'),
    p99: worst('p99'),
    max: worst('max'),
    requests: sum('requests'),
    seconds: sum('seconds'),
    errors: sum('errors'),
    rounds: rounds.length,
  };
}

/** Registers `n` shoppers; returns their ids, tokens and password. */
export async function registerShoppers(url, n, prefix) {
  const password = 'bench-password-1';
  const shoppers = [];
  for (let i = 0; i < n; i += 1) {
    const email = `${prefix}${i + 1}-${Date.now()}@example.com`;
    const res = await call(url, 'POST', '/api/auth/register', {
      body: {
        name: `Bench Shopper ${i + 1}`,
        email,
        password,
        phone: '9876543210',
        address: `${i + 1} Bench Road, Pune 411001`,
      },
    });
    if (res.status !== 201)
      throw new Error(`register answered ${res.status}: ${res.raw.toString('utf8').slice(0, 300)}`);
    shoppers.push({ id: res.json.user._id, email, password, auth: `Bearer ${res.json.token}` });
  }
  return shoppers;
}

/**
 * Each shopper checks out in a loop until `until` (a timestamp): one or two lines from
 * `products` (with `_id`, `price` and `colours`), each in one of its colour-and-size pairs in
 * stock, paid with the sandbox
 * and verified. With `perSecond`, checkouts start at that steady rate across all shoppers (as
 * shoppers arrive at a shop: they do not come faster when it answers faster); without it each
 * shopper starts the next one as soon as the last ends. Returns counts.
 */
export async function checkouts(url, shoppers, products, until, { perSecond } = {}) {
  const counts = { completed: 0, refused: 0, failed: [] };
  const gap = perSecond ? 1000 / perSecond : 0;
  let nextStart = Date.now();
  const turn = async () => {
    if (!gap) return;
    const at = nextStart;
    nextStart += gap;
    if (at > Date.now()) await new Promise((resolve) => setTimeout(resolve, at - Date.now()));
  };
  const loop = async (shopper, n) => {
    for (let i = 0; Date.now() < until; i += 1) {
      await turn();
      if (Date.now() >= until) break;
      const lines = [products[(n * 5 + i) % products.length]];
      if (i % 2) lines.push(products[(n * 5 + i + 1) % products.length]);
      const items = lines.map((p, k) => {
        const pairs = pairsInStock(p);
        return { _id: String(p._id), ...pairs[(n + i + k) % pairs.length], cartQuantity: 1 };
      });
      const amount = lines.reduce((sum, p) => sum + p.price, 0);
      const headers = { authorization: shopper.auth };
      const created = await call(url, 'POST', '/api/payment/create-order', {
        body: { amount, items },
        headers,
      });
      if (created.status === 409) {
        counts.refused += 1;
        continue;
      }
      const paid =
        created.status === 200 &&
        (await call(url, 'POST', '/api/payment/sandbox/pay', {
          body: { order_id: created.json.order.id },
        }));
      const verified =
        paid?.status === 200 &&
        (await call(url, 'POST', '/api/payment/verify-payment', {
          body: { ...paid.json, userId: shopper.id, shippingAddress: '' },
          headers,
        }));
      if (verified?.status === 200 && verified.json?.orderId) counts.completed += 1;
      else {
        const res = verified || paid || created;
        counts.failed.push(`${res.status} ${res.raw.toString('utf8').slice(0, 200)}`);
        if (counts.failed.length > 20) throw new Error(`checkouts fail: ${counts.failed[0]}`);
      }
    }
  };
  await Promise.all(shoppers.map((s, n) => loop(s, n)));
  return counts;
}

/** What the shop's processes that answer requests hold: the workers, or the one process. */
function servingRss(pid) {
  const serving = shopProcesses(pid).filter((p) => p.process !== 'primary');
  return serving.reduce((sum, p) => sum + p.rss, 0);
}

/** `count` requests, each to a URL no other used (numbered from `first`); see distinctUrls. */
function distinctRun(url, { first, count, connections, filterBody }) {
  let n = first;
  const pad = 'x'.repeat(200);
  return run({
    url,
    connections,
    amount: count,
    timeout: 10,
    requests: [
      {
        setupRequest: (req) => {
          n += 1;
          const q = `?u${n}=${pad}`;
          switch (n % 6) {
            case 0:
              return {
                ...req,
                method: 'POST',
                path: `/api/product/getFilter-product${q}`,
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(filterBody),
              };
            case 1:
              return { ...req, method: 'GET', path: `/api/product/productList/1${q}` };
            case 2:
              return { ...req, method: 'GET', path: `/product-detail/no-such-tee-${n}${q}` };
            case 3:
              return { ...req, method: 'GET', path: `/api/product/get-product/no-such-${n}` };
            case 4:
              return { ...req, method: 'GET', path: `/api/product/search/word${n}` };
            default:
              return { ...req, method: 'GET', path: `/api/category/all-category${q}` };
          }
        },
      },
    ],
  });
}

/**
 * `count` requests, each to a URL no other used: list pages, product pages, products by an
 * unknown slug, searches and the filter POST, most with a query string of its own. Two halves,
 * with the shop's resident memory before, between and after: bounded structures stop growing.
 */
export async function distinctUrls(url, pid, { count, connections, filterBody }) {
  const before = servingRss(pid);
  const half = Math.floor(count / 2);
  const a = await distinctRun(url, { first: 0, count: half, connections, filterBody });
  const middle = servingRss(pid);
  const b = await distinctRun(url, { first: half, count: count - half, connections, filterBody });
  const after = servingRss(pid);
  // Unknown slugs answer 404 by design; only 5xx and socket errors count.
  const errors = (r) =>
    r.errors +
    Object.entries(r.statusCodeStats ?? {}).reduce(
      (sum, [code, s]) => sum + (Number(code) >= 500 ? s.count : 0),
      0,
    );
  return {
    requests: a.requests.total + b.requests.total,
    errors: errors(a) + errors(b),
    requestsPerSecond: (a.requests.total + b.requests.total) / (a.duration + b.duration),
    rssBefore: before,
    rssMiddle: middle,
    rssAfter: after,
  };
}

/**
 * The shop when busy: mixed reads idle and beside shoppers paying (in turns, `rounds` of
 * each); its memory across distinct URLs; the idle reads again on a second shop started by
 * `startQuietShop` (LOG_LEVEL=warn). `settings`: connections, duration and warmup (s),
 * shoppers, checkoutsPerSecond, rounds, distinctUrls. (Reads during a login burst:
 * lib/login-burst.mjs.)
 */
export async function measureBusyShop({
  shop,
  db,
  reads,
  settings: opts,
  startQuietShop,
  log,
  databasePid,
}) {
  const { connections, duration } = opts;
  const settings = { connections, duration };
  const out = { settings: opts, readsSentWith: READS_SENT_WITH };
  // Every process of the shop at idle: started, the catalog in place, nothing asked yet.
  await settle();
  out.idleMemory = shopProcesses(shop.child.pid, databasePid);
  out.workers = out.idleMemory.filter((p) => p.process.startsWith('worker')).length || 1;
  log(
    `busy shop: mixed reads at ${connections} connections, ${duration} s a step, sent with ${READS_SENT_WITH}…`,
  );
  if (READS_SENT_WITH !== 'wrk')
    log(
      'wrk is not installed (apt-get install wrk): autocannon needs twice its CPU, which this machine then takes from the shop',
    );
  await mixedReads(shop.url, reads, { connections, duration: opts.warmup });

  // Shoppers pay for plentiful products, each line in one of its colours and sizes: stock
  // moves with every order.
  const products = db.collection('products');
  const newest = await products
    .find({}, { projection: FORM_FIELDS })
    .sort({ createdAt: -1 })
    .limit(10)
    .toArray();
  const stocked = await stockSizes(shop.url, await adminAuth(shop.url), newest, 100_000);
  const shoppers = await registerShoppers(shop.url, opts.shoppers, 'pay');
  // Reads and payments together; the rate is over the checkouts' own time.
  const together = async (seconds) => {
    const started = Date.now();
    const [read, counts] = await Promise.all([
      mixedReads(shop.url, reads, { connections, duration: seconds }),
      checkouts(shop.url, shoppers, stocked, started + seconds * 1000, {
        perSecond: opts.checkoutsPerSecond,
      }).then((c) => ({ ...c, seconds: (Date.now() - started) / 1000 })),
    ]);
    return { read, counts };
  };
  const idle = [];
  const busyRounds = [];
  // The first reads after the catalog write are computed again, and the checkout's code has
  // not run yet (the JIT compiles it as it goes): a warm-up of the same step is thrown away.
  await together(opts.warmup);
  const ordersBefore = await db.collection('orders').countDocuments();
  // Idle and busy steps take turns (this shared machine's speed drifts over a minute; steps
  // side by side see the same machine), and each side's rounds are added up.
  log(`${opts.rounds} rounds of reads idle, then beside ${opts.shoppers} shoppers paying…`);
  for (let round = 0; round < opts.rounds; round += 1) {
    idle.push(await mixedReads(shop.url, reads, settings));
    busyRounds.push(await together(duration));
    const [i, b] = [idle.at(-1), busyRounds.at(-1)];
    log(
      `round ${round + 1}: idle ${int(i.requestsPerSecond)} req/s, paying ${int(b.read.requestsPerSecond)} req/s (${fixed((b.read.requestsPerSecond / i.requestsPerSecond) * 100)}%) at ${fixed(b.counts.completed / b.counts.seconds)} checkouts/s`,
    );
  }
  out.idle = addRounds(idle);
  const busy = addRounds(busyRounds.map((r) => r.read));
  const paid = {
    completed: busyRounds.reduce((sum, r) => sum + r.counts.completed, 0),
    seconds: busyRounds.reduce((sum, r) => sum + r.counts.seconds, 0),
    failed: busyRounds.flatMap((r) => r.counts.failed),
  };
  // A size (of a colour) below zero, or an order the shop had to flag as short of stock.
  const oversold = await products.countDocuments({
    $or: [
      { quantity: { $lt: 0 } },
      { 'sizes.quantity': { $lt: 0 } },
      { 'colours.sizes.quantity': { $lt: 0 } },
    ],
  });
  const short = await db.collection('orders').countDocuments({ stockShortage: true });
  out.checkouts = {
    ...busy,
    checkouts: paid.completed,
    checkoutsPerSecond: paid.completed / paid.seconds,
    failedCheckouts: paid.failed.length,
    orders: (await db.collection('orders').countDocuments()) - ordersBefore,
    oversold: oversold + short,
  };

  log(`${opts.distinctUrls} distinct URLs (GET and the filter POST)…`);
  out.memory = await distinctUrls(shop.url, shop.child.pid, {
    count: opts.distinctUrls,
    connections: 32,
    filterBody: reads.find((r) => r.method === 'POST').body,
  });

  // The same processes as the last request ends, and at idle again after every step: what the
  // run left them holding.
  out.endOfRunMemory = shopProcesses(shop.child.pid, databasePid);
  await settle();
  out.afterMemory = shopProcesses(shop.child.pid, databasePid);

  // The same idle reads with the request log off (LOG_LEVEL=warn), on the same build.
  const quiet = await startQuietShop();
  try {
    await mixedReads(quiet.url, reads, { connections, duration: opts.warmup });
    out.idleWarn = await mixedReads(quiet.url, reads, settings);
  } finally {
    await quiet.stop();
  }
  return out;
}

/** The busy shop's tables. */
export function printTraffic(t, products) {
  const { connections, duration } = t.settings;
  const row = (name, r, extra = '') => [
    name,
    int(r?.requestsPerSecond),
    fixed(r?.p50),
    fixed(r?.p99),
    int(r?.errors),
    extra,
  ];
  printTable(
    `Busy shop at ${int(products)} products: mixed catalog reads (${t.readsSentWith}), ${connections} connections, ${duration} s a step (idle and paying: ${t.settings.rounds} steps each, taking turns)`,
    ['reads', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'alongside'],
    [
      row('idle (LOG_LEVEL=info, as shipped)', t.idle),
      row('idle (LOG_LEVEL=warn)', t.idleWarn),
      row(
        'while shoppers pay',
        t.checkouts,
        `${fixed(t.checkouts.checkoutsPerSecond)} checkouts/s, ${int(t.checkouts.orders)} orders, ${int(t.checkouts.oversold)} oversold`,
      ),
    ],
  );
  const mib = (bytes) => fixed(bytes / 2 ** 20);
  if (t.idleMemory) {
    const byProcess = (list) => new Map((list ?? []).map((p) => [p.process, p.rss]));
    const [ended, after] = [byProcess(t.endOfRunMemory), byProcess(t.afterMemory)];
    const cell = (map, p) => (map.has(p.process) ? mib(map.get(p.process)) : '');
    printTable(
      `The shop's processes (resident set; ${t.workers} worker${t.workers === 1 ? '' : 's'}; idle: no request for ${IDLE_SETTLE_MS / 1000} s)`,
      ['process', 'started, idle MiB', 'as the run ends MiB', 'after the run, idle MiB'],
      t.idleMemory.map((p) => [p.process, mib(p.rss), cell(ended, p), cell(after, p)]),
    );
  }
  const m = t.memory;
  printTable(
    'Memory across distinct URLs (resident set of the processes that answer: the workers)',
    [
      'requests',
      'req/s',
      'errors',
      'before MiB',
      'half-way MiB',
      'after MiB',
      'growth MiB',
      'bound MiB',
    ],
    [
      [
        int(m.requests),
        int(m.requestsPerSecond),
        int(m.errors),
        mib(m.rssBefore),
        mib(m.rssMiddle),
        mib(m.rssAfter),
        mib(m.rssAfter - m.rssBefore),
        mib(TRAFFIC_BUDGETS.distinctUrlsRssGrowthBytes),
      ],
    ],
  );
}

/** The busy shop's budget checks: `{ name, pass, measured }` each; `t` undefined when it failed. */
export function trafficChecks(t, distinctUrlCount, notMeasured) {
  const B = TRAFFIC_BUDGETS;
  const busy = t?.checkouts;
  const checks = [
    {
      name: `reads while shoppers pay (≥ ${B.checkoutsPerSecond} checkouts/s): ≥ ${B.busyReadRatio * 100}% of idle reads`,
      pass:
        !!busy &&
        busy.checkoutsPerSecond >= B.checkoutsPerSecond &&
        busy.requestsPerSecond >= B.busyReadRatio * t.idle.requestsPerSecond,
      measured: busy
        ? `${fixed((busy.requestsPerSecond / t.idle.requestsPerSecond) * 100)}% at ${fixed(busy.checkoutsPerSecond)} checkouts/s`
        : notMeasured,
    },
    {
      name: `reads while shoppers pay: p99 ≤ ${B.p99Ms} ms, no errors, no oversold size`,
      pass:
        !!busy &&
        busy.p99 <= B.p99Ms &&
        busy.errors === 0 &&
        busy.failedCheckouts === 0 &&
        busy.oversold === 0,
      measured: busy
        ? `p99 ${fixed(busy.p99)} ms, ${int(busy.errors)} errors, ${int(busy.failedCheckouts)} failed checkouts, ${int(busy.oversold)} oversold`
        : notMeasured,
    },
  ];
  const servingOf = (list) =>
    (list ?? []).filter((p) => p.process !== 'primary' && p.process !== 'database');
  const idleCheck = (name, serving) => ({
    name: `each worker at idle ${name}≤ ${B.workerIdleRssBytes / 2 ** 20} MiB resident`,
    pass: serving.length > 0 && serving.every((p) => p.rss <= B.workerIdleRssBytes),
    measured: serving.length
      ? serving.map((p) => `${p.process} ${fixed(p.rss / 2 ** 20)} MiB`).join(', ')
      : notMeasured,
  });
  checks.push(idleCheck('once started ', servingOf(t?.idleMemory)));
  checks.push(idleCheck('after the run ', servingOf(t?.afterMemory)));
  const m = t?.memory;
  checks.push({
    name: `memory across ${int(distinctUrlCount)} distinct URLs: growth ≤ ${B.distinctUrlsRssGrowthBytes / 2 ** 20} MiB, no errors`,
    pass: !!m && m.rssAfter - m.rssBefore <= B.distinctUrlsRssGrowthBytes && m.errors === 0,
    measured: m
      ? `${fixed((m.rssAfter - m.rssBefore) / 2 ** 20)} MiB, ${int(m.errors)} errors`
      : notMeasured,
  });
  return checks;
}
