/**
 * Stock: the one place that reads and changes how many of a product are left, per size.
 * Each line is one conditional update (the size has ≥ n left → its quantity and the product's
 * total both −n, positionally), so no size goes below zero, even with concurrent buyers; when a
 * later line fails, the lines already taken are given back.
 */
import mongoose from 'mongoose';
import { ONE_SIZE, sizesOf, stockOfSize, type ProductSize, type SizeStockJson } from '@repo/shared';
import { Product } from './product.model.js';

export interface StockLine {
  productId: string;
  size: string;
  quantity: number;
}

export type StockResult =
  { ok: true } | { ok: false; productId: string; size: string; available: number };

/** Lines for the same product and size merged, ids checked, quantities positive whole numbers. */
function normalise(lines: StockLine[]): StockLine[] {
  const merged = new Map<string, StockLine>();
  for (const { productId, size, quantity } of lines) {
    if (
      !mongoose.isObjectIdOrHexString(productId) ||
      typeof size !== 'string' ||
      !size ||
      !Number.isInteger(quantity) ||
      quantity < 1
    ) {
      throw new Error(`Invalid stock line: ${JSON.stringify({ productId, size, quantity })}`);
    }
    const id = String(productId).toLowerCase();
    const key = `${id}:${size}`;
    const prev = merged.get(key);
    merged.set(key, { productId: id, size, quantity: (prev?.quantity ?? 0) + quantity });
  }
  return [...merged.values()];
}

export interface ProductStock {
  quantity: number;
  sizes: SizeStockJson[];
}

/** The stock of each product asked for, by id (unknown ids are absent). */
export async function readStock(ids: string[]): Promise<Map<string, ProductStock>> {
  const rows = await Product.find({ _id: { $in: ids } }, { quantity: 1, sizes: 1 }).lean();
  return new Map(
    rows.map((r) => [
      String(r._id),
      { quantity: r.quantity, sizes: sizesOf(r as ProductStock) as SizeStockJson[] },
    ]),
  );
}

/**
 * Takes every line from stock, or none: `{ ok: false, productId, size, available }` names the
 * first line without enough (available 0 when the product or the size no longer exists).
 */
export async function decrementStock(lines: StockLine[]): Promise<StockResult> {
  const taken: StockLine[] = [];
  for (const line of normalise(lines)) {
    const res = await Product.updateOne(
      {
        _id: line.productId,
        sizes: { $elemMatch: { size: line.size, quantity: { $gte: line.quantity } } },
      },
      { $inc: { 'sizes.$.quantity': -line.quantity, quantity: -line.quantity } },
    );
    if (res.modifiedCount === 1) {
      taken.push(line);
      continue;
    }
    await restoreStock(taken);
    const current = (await readStock([line.productId])).get(line.productId);
    const available = current ? stockOfSize(current, line.size) : 0;
    return { ok: false, productId: line.productId, size: line.size, available };
  }
  return { ok: true };
}

/**
 * Takes one order item's units, at most once however often it is asked (a retry after a crash,
 * a take-over racing a slow first attempt): the units and the item's `key` go in one write of
 * the product, so the product itself says whether they were taken. Answers whether the item's
 * units are taken (by this call or an earlier one); false when not enough is left.
 */
export async function takeOnce(line: StockLine, key: string): Promise<boolean> {
  const [{ productId, size, quantity }] = normalise([line]) as [StockLine];
  const res = await Product.updateOne(
    {
      _id: productId,
      stockTakes: { $ne: key },
      sizes: { $elemMatch: { size, quantity: { $gte: quantity } } },
    },
    {
      $inc: { 'sizes.$[taken].quantity': -quantity, quantity: -quantity },
      $push: { stockTakes: key },
    },
    { arrayFilters: [{ 'taken.size': size }] },
  );
  if (res.modifiedCount === 1) return true;
  return (await Product.exists({ _id: productId, stockTakes: key })) !== null;
}

/** Forgets the keys of takes an order has recorded (nobody asks about them again). */
export async function forgetTakes(takes: Array<{ productId: string; key: string }>): Promise<void> {
  const byProduct = new Map<string, string[]>();
  for (const { productId, key } of takes)
    byProduct.set(productId, [...(byProduct.get(productId) ?? []), key]);
  for (const [productId, keys] of byProduct)
    await Product.updateOne({ _id: productId }, { $pull: { stockTakes: { $in: keys } } });
}

/**
 * Gives stock back to each line's size (a cancelled order, a refund, a failed later step).
 * Answers the lines that found no such size (the product was deleted or no longer has it).
 */
export async function restoreStock(lines: StockLine[]): Promise<StockLine[]> {
  const lost: StockLine[] = [];
  for (const line of normalise(lines)) {
    const res = await Product.updateOne(
      { _id: line.productId, 'sizes.size': line.size as ProductSize },
      { $inc: { 'sizes.$.quantity': line.quantity, quantity: line.quantity } },
    );
    if (res.modifiedCount !== 1) lost.push(line);
  }
  return lost;
}

/**
 * Products saved before sizes existed become One size holding their quantity; run at start-up.
 * Each write is conditional on the quantity read, so a sale in between is never overwritten.
 */
export async function migrateToSizes(): Promise<number> {
  const noSizes = { $or: [{ sizes: { $exists: false } }, { sizes: { $size: 0 } }] };
  let migrated = 0;
  for (;;) {
    const rows = await Product.find(noSizes, { quantity: 1 }).limit(500).lean();
    if (!rows.length) return migrated;
    for (const r of rows) {
      const res = await Product.updateOne(
        { _id: r._id, quantity: r.quantity, ...noSizes },
        { $set: { sizes: [{ size: ONE_SIZE, quantity: r.quantity }] } },
      );
      migrated += res.modifiedCount;
    }
  }
}
