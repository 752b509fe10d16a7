/**
 * Start-up indexes: what the schemas declare is created, an older version of one of the shop's
 * own indexes is replaced, and an index an operator added is kept (and named in a warning).
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ensureIndexes } from '../lib/db.js';
import { createLogger } from '../lib/logger.js';
import { Product } from '../modules/products/product.model.js';
import { setupTestApp } from '../test/harness.js';

await setupTestApp();
const lines: string[] = [];
const logger = createLogger(
  'info',
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  }),
);
const indexes = async () =>
  Object.fromEntries((await Product.collection.indexes()).map((i) => [i.name, i]));

describe('indexes at start-up', () => {
  it("keeps an operator's index and names it, and recreates a declared one that is missing", async () => {
    await Product.collection.createIndex({ price: 1, name: 1 }, { name: 'ops_price_name' });
    await Product.collection.dropIndex('price_1');
    await ensureIndexes(logger);
    const now = await indexes();
    expect(now.ops_price_name).toBeDefined();
    expect(now.price_1).toBeDefined();
    expect(lines.join('')).toContain('ops_price_name');
  });

  it("replaces the shop's own index when its options changed (a slug index that was not unique)", async () => {
    await Product.collection.dropIndex('slug_1');
    await Product.collection.createIndex({ slug: 1 }, { name: 'slug_1' });
    expect((await indexes()).slug_1!.unique).toBeUndefined();
    await ensureIndexes(logger);
    expect((await indexes()).slug_1!.unique).toBe(true);
    expect((await indexes()).ops_price_name).toBeDefined();
  });
});
