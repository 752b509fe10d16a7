/**
 * Stock changes for the orders and payments modules. Each line is one conditional update
 * ({ quantity ≥ n } → $inc −n), so stock never goes below zero, even with concurrent buyers;
 * when a later line fails, the lines already taken are given back.
 */
import mongoose from 'mongoose';
import { Product } from './product.model.js';

export interface StockLine {
  productId: string;
  quantity: number;
}

export type StockResult = { ok: true } | { ok: false; productId: string; available: number };

/** Lines for the same product merged, ids checked, quantities positive whole numbers. */
function normalise(lines: StockLine[]): StockLine[] {
  const merged = new Map<string, number>();
  for (const { productId, quantity } of lines) {
    if (!mongoose.isObjectIdOrHexString(productId) || !Number.isInteger(quantity) || quantity < 1) {
      throw new Error(`Invalid stock line: ${JSON.stringify({ productId, quantity })}`);
    }
    const id = String(productId).toLowerCase();
    merged.set(id, (merged.get(id) ?? 0) + quantity);
  }
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * Takes every line from stock, or none: `{ ok: false, productId, available }` names the first
 * product without enough (available 0 when it no longer exists).
 */
export async function decrementStock(lines: StockLine[]): Promise<StockResult> {
  const taken: StockLine[] = [];
  for (const line of normalise(lines)) {
    const res = await Product.updateOne(
      { _id: line.productId, quantity: { $gte: line.quantity } },
      { $inc: { quantity: -line.quantity } },
    );
    if (res.modifiedCount === 1) {
      taken.push(line);
      continue;
    }
    await restoreStock(taken);
    const current = await Product.findById(line.productId, { quantity: 1 }).lean();
    return { ok: false, productId: line.productId, available: current?.quantity ?? 0 };
  }
  return { ok: true };
}

/** Gives stock back (a cancelled order, a refund, a failed later step). */
export async function restoreStock(lines: StockLine[]): Promise<void> {
  for (const line of normalise(lines)) {
    await Product.updateOne({ _id: line.productId }, { $inc: { quantity: line.quantity } });
  }
}
