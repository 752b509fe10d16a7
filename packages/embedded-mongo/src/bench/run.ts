// Benchmarks: node dist/bench/run.js [--durable] [--json FILE] [--products 10000]
// Inserts product-like documents, then measures point lookups and a shop listing page through
// the mongodb driver and through Mongoose. Sequential operations (one in flight), so ops/s is
// the inverse of latency including the driver and the loopback TCP round trip.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MongoClient, ObjectId } from 'mongodb';
import mongoose from 'mongoose';
import { startEmbeddedMongo } from '../index.js';

const { values } = parseArgs({
  options: {
    durable: { type: 'boolean' },
    json: { type: 'string' },
    products: { type: 'string', default: '10000' },
  },
});
const N = Number(values.products);

interface Row {
  name: string;
  ops: number;
  opsPerSec: number;
  p50Ms: number;
  p99Ms: number;
}

const rows: Row[] = [];

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(
  name: string,
  ops: number,
  fn: (i: number) => Promise<unknown>,
  warmUp = true,
): Promise<void> {
  if (warmUp) for (let i = 0; i < Math.min(50, ops); i++) await fn(i);
  const lat: number[] = [];
  const start = performance.now();
  for (let i = 0; i < ops; i++) {
    const t = performance.now();
    await fn(i);
    lat.push(performance.now() - t);
  }
  const total = performance.now() - start;
  lat.sort((a, b) => a - b);
  rows.push({
    name,
    ops,
    opsPerSec: Math.round((ops / total) * 1000),
    p50Ms: +pct(lat, 50).toFixed(3),
    p99Ms: +pct(lat, 99).toFixed(3),
  });
}

const CATEGORIES = Array.from({ length: 12 }, () => new ObjectId());
function product(i: number): Record<string, unknown> {
  return {
    title: `T-shirt ${i}`,
    slug: `t-shirt-${i}`,
    description: 'A soft cotton T-shirt with a printed design. '.repeat(4),
    category: CATEGORIES[i % CATEGORIES.length],
    price: 299 + ((i * 37) % 1700),
    sizes: ['S', 'M', 'L', 'XL'],
    colors: [
      { name: 'black', hex: '#000000' },
      { name: 'white', hex: '#ffffff' },
    ],
    images: [`/img/${i}-front.jpg`, `/img/${i}-back.jpg`],
    stock: (i * 13) % 100,
    active: true,
    createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000),
    updatedAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000),
  };
}

const dataDir = values.durable
  ? fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-bench-'))
  : undefined;
const mongo = await startEmbeddedMongo(dataDir ? { dataDir } : {});
const client = await MongoClient.connect(mongo.uri);
const db = client.db('bench');
const products = db.collection('products');
await products.createIndexes([
  { key: { slug: 1 }, unique: true },
  { key: { category: 1 } },
  { key: { price: 1 } },
  { key: { createdAt: -1 } },
]);

await measure(`insertOne ×${N} (4 indexes)`, N, (i) => products.insertOne(product(i)), false);
const ids = (await products.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id);
const cats = (i: number): ObjectId[] => [
  CATEGORIES[i % 12]!,
  CATEGORIES[(i + 5) % 12]!,
  CATEGORIES[(i + 7) % 12]!,
];
const pageFilter = (i: number): Record<string, unknown> => ({
  category: { $in: cats(i) },
  price: { $gte: 400 + (i % 200), $lte: 1500 },
});

await measure('findOne by _id', 5000, (i) =>
  products.findOne({ _id: ids[(i * 7919) % ids.length] }),
);
await measure('findOne by unique slug', 5000, (i) =>
  products.findOne({ slug: `t-shirt-${(i * 7919) % N}` }),
);
await measure('page: category $in + price range, createdAt desc, 12', 2000, (i) =>
  products
    .find(pageFilter(i))
    .sort({ createdAt: -1 })
    .skip((i % 5) * 12)
    .limit(12)
    .toArray(),
);
await measure('countDocuments for that page filter', 1000, (i) =>
  products.countDocuments(pageFilter(i)),
);

await mongoose.connect(`${mongo.uri}bench`);
const Product = mongoose.model(
  'Product',
  new mongoose.Schema(
    {
      title: String,
      slug: String,
      category: mongoose.Schema.Types.ObjectId,
      price: Number,
      createdAt: Date,
    },
    { strict: false },
  ),
  'products',
);
await measure('Mongoose findById (lean)', 3000, (i) =>
  Product.findById(ids[(i * 7919) % ids.length]).lean(),
);
await measure('Mongoose findOne by slug (hydrated)', 3000, (i) =>
  Product.findOne({ slug: `t-shirt-${(i * 7919) % N}` }),
);
await measure('Mongoose page (lean), 12', 2000, (i) =>
  Product.find(pageFilter(i)).sort({ createdAt: -1 }).limit(12).lean(),
);

await mongoose.disconnect();
await client.close();
await mongo.stop();
if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });

const header = ['operation', 'ops', 'ops/s', 'p50 ms', 'p99 ms'];
const table = rows.map((r) => [
  r.name,
  String(r.ops),
  String(r.opsPerSec),
  r.p50Ms.toFixed(3),
  r.p99Ms.toFixed(3),
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i]!.length)));
const line = (cells: string[]): string =>
  '| ' +
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ') +
  ' |';
console.log(
  `embedded-mongo bench: ${N} products, ${dataDir ? 'durable (journal + fdatasync)' : 'in memory'}, node ${process.version}, ${os.cpus().length} CPUs`,
);
console.log(line(header));
console.log(
  '|' +
    widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') +
    '|',
);
for (const t of table) console.log(line(t));
const result = {
  products: N,
  durable: !!dataDir,
  node: process.version,
  cpus: os.cpus().length,
  rows,
};
if (values.json) fs.writeFileSync(values.json, JSON.stringify(result, null, 2) + '\n');
