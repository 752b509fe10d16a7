/**
 * Searches the shop's cache has not seen: every request asks for a different set of words
 * (the cache keys a search by its words, so none is answered from it), each taken from a real
 * product's name, description or category (so they find what shoppers' words would), in any
 * order, case and hyphenation. Measured at 64 connections like the other reads, with the CPU
 * the shop and its database spent per search.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { cpuMs } from './load.mjs';
import { fixed, int, printTable } from './report.mjs';
import { repoRoot } from './shop.mjs';

/** Searches of 1–3 words a second, at least, at 2,000 products (3× an open-source peer here). */
export const UNCACHED_SEARCH_BUDGET = { requestsPerSecond: 2_200, p99Ms: 50 };

/** `count` distinct searches (distinct as the shop's cache keys them), made from the catalog. */
export async function variedSearches(db, count) {
  // The shop's own rules (from the built API): what it will key and match on.
  const { parseSearch, nameWords } = await import(
    pathToFileURL(join(repoRoot, 'apps/api/dist/modules/products/search-terms.js')).href
  );
  const { seededRng } = await import(
    pathToFileURL(join(repoRoot, 'apps/api/dist/seed/tshirt-art.js')).href
  );
  const next = seededRng(`search-${count}`);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const categories = new Map(
    (
      await db
        .collection('categories')
        .find({}, { projection: { name: 1 } })
        .toArray()
    ).map((c) => [String(c._id), c.name]),
  );
  const products = await db
    .collection('products')
    .find({}, { projection: { name: 1, description: 1, category: 1 } })
    .toArray();
  const wordsOf = (p) => [
    ...new Set([
      ...nameWords(p.name),
      ...nameWords(p.description).slice(0, 12),
      ...nameWords(categories.get(String(p.category)) ?? ''),
    ]),
  ];
  const seen = new Set();
  const searches = [];
  for (let tries = 0; searches.length < count && tries < count * 20; tries += 1) {
    const words = wordsOf(pick(products));
    const n = 1 + Math.floor(next() * 3);
    const chosen = Array.from({ length: n }, () => pick(words));
    const query = parseSearch(chosen.join(' '));
    if (query.kind !== 'words') continue;
    const key = query.words.join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    // As people type: any case, sometimes a hyphen, sometimes "tee".
    const typed = chosen
      .map((w) => (next() < 0.3 ? w[0].toUpperCase() + w.slice(1) : w))
      .join(next() < 0.2 ? '-' : ' ');
    searches.push(next() < 0.3 ? `${typed} tee` : typed);
  }
  return searches;
}

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/**
 * Each search once, in turn, at `connections` for `duration` seconds after a `warmup`; answers
 * req/s, latency, errors, CPU per search and how many searches found something.
 */
export async function measureVariedSearch(base, searches, settings, pids = []) {
  let n = 0;
  let reused = 0;
  const opts = (duration) => ({
    url: base,
    connections: settings.connections,
    duration,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          if (n >= searches.length) reused += 1;
          const keyword = searches[n++ % searches.length];
          return { ...req, path: `/api/product/search/${encodeURIComponent(keyword)}` };
        },
      },
    ],
  });
  if (settings.warmup > 0) await run(opts(settings.warmup));
  const cpuBefore = cpuMs(pids);
  const r = await run(opts(settings.duration));
  const cpuAfter = cpuMs(pids);
  return {
    requestsPerSecond: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    requests: r.requests.total,
    errors: r.non2xx + r.errors,
    distinctSearches: searches.length,
    // Above 0 the list was too short and some searches were answered from the cache.
    reused,
    cpuMsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || !r.requests.total
        ? undefined
        : (cpuAfter - cpuBefore) / r.requests.total,
  };
}

export function printVariedSearch(rows) {
  printTable(
    'Searches the cache has not seen (varied words, 64 connections)',
    ['products', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'CPU ms/req', 'distinct', 'reused'],
    Object.entries(rows).map(([size, r]) => [
      int(Number(size)),
      int(r.requestsPerSecond),
      r.p50,
      r.p99,
      r.errors,
      r.cpuMsPerRequest === undefined ? '–' : fixed(r.cpuMsPerRequest, 3),
      int(r.distinctSearches),
      r.reused,
    ]),
  );
}
