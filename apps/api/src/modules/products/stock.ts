/**
 * Stock: the one place that reads and changes how many of a product are left, per colour and
 * size. Each line is one conditional update (the colour has ≥ n left in the size → that
 * colour's size, the product's size and the product's total all −n, through array filters), so
 * nothing goes below zero and the sums stay in step, even with concurrent buyers; when a later
 * line fails, the lines already taken are given back.
 */
import mongoose from 'mongoose';
import {
  colourKey,
  coloursOf,
  DEFAULT_COLOUR,
  sizesOf,
  stockOf,
  type SizeStockJson,
} from '@repo/shared';
import { bumpCatalogVersion, bumpStockVersion } from '../../lib/catalog-version.js';
import { Product } from './product.model.js';

export interface StockLine {
  productId: string;
  /**
   * The colour's name (any case). Left out only by lines recorded before colours existed:
   * those are the product's first colour, the one its older stock became.
   */
  colour?: string | undefined;
  size: string;
  quantity: number;
}

export type StockResult =
  { ok: true } | { ok: false; productId: string; colour?: string; size: string; available: number };

/** Lines for the same product, colour and size merged, ids checked, quantities positive whole numbers. */
function normalise(lines: StockLine[]): StockLine[] {
  const merged = new Map<string, StockLine>();
  for (const { productId, colour, size, quantity } of lines) {
    if (
      !mongoose.isObjectIdOrHexString(productId) ||
      typeof size !== 'string' ||
      !size ||
      (colour !== undefined && (typeof colour !== 'string' || !colour.trim())) ||
      !Number.isInteger(quantity) ||
      quantity < 1
    ) {
      throw new Error(
        `Invalid stock line: ${JSON.stringify({ productId, colour, size, quantity })}`,
      );
    }
    const id = String(productId).toLowerCase();
    const key = `${id}:${colour === undefined ? '' : colourKey(colour)}:${size}`;
    const prev = merged.get(key);
    merged.set(key, {
      productId: id,
      ...(colour !== undefined && { colour }),
      size,
      quantity: (prev?.quantity ?? 0) + quantity,
    });
  }
  return [...merged.values()];
}

export interface ProductStock {
  quantity: number;
  sizes: SizeStockJson[];
  /** Each colour's stock per size, in the product's order. */
  colours: Array<{ name: string; sizes: SizeStockJson[] }>;
}

/** A stored product's stock fields as the API shows them (one not yet migrated: one colour). */
export function stockOfRow(row: {
  quantity: number;
  sizes?: ReadonlyArray<{ size: string; quantity: number }> | null | undefined;
  colours?:
    | ReadonlyArray<{ name: string; sizes: ReadonlyArray<{ size: string; quantity: number }> }>
    | null
    | undefined;
}): ProductStock {
  const stocked = {
    quantity: row.quantity,
    sizes: row.sizes ?? undefined,
    colours: row.colours ?? undefined,
  };
  return {
    quantity: row.quantity,
    sizes: sizesOf(stocked) as SizeStockJson[],
    colours: coloursOf(stocked).map((c) => ({
      name: c.name,
      sizes: [...c.sizes] as SizeStockJson[],
    })),
  };
}

/** The stock of each product asked for, by id (unknown ids are absent). */
export async function readStock(ids: string[]): Promise<Map<string, ProductStock>> {
  const rows = await Product.find(
    { _id: { $in: ids } },
    { quantity: 1, sizes: 1, 'colours.name': 1, 'colours.sizes': 1 },
  ).lean();
  return new Map(
    rows.map((r) => [String(r._id), stockOfRow(r as Parameters<typeof stockOfRow>[0])]),
  );
}

/**
 * The update of one line's stock by `delta`: the match it needs (the colour made in the size,
 * with at least `need` left) and the increments with their array filters. A line without a
 * colour is the product's first.
 */
function stockUpdate(line: StockLine, delta: number, need: number) {
  const size = { size: line.size, ...(need > 0 && { quantity: { $gte: need } }) };
  const sum = { 'sizes.$[t].quantity': delta, quantity: delta };
  const sizeFilters = [{ 's.size': line.size }, { 't.size': line.size }];
  if (line.colour === undefined) {
    return {
      match: { 'colours.0.sizes': { $elemMatch: size } },
      inc: { 'colours.0.sizes.$[s].quantity': delta, ...sum },
      arrayFilters: sizeFilters,
    };
  }
  const key = colourKey(line.colour);
  return {
    match: { colours: { $elemMatch: { key, sizes: { $elemMatch: size } } } },
    inc: { 'colours.$[c].sizes.$[s].quantity': delta, ...sum },
    arrayFilters: [{ 'c.key': key }, ...sizeFilters],
  };
}

/**
 * Takes every line from stock, or none: `{ ok: false, productId, colour, size, available }`
 * names the first line without enough (available 0 when the product, the colour or the size
 * no longer exists).
 */
export async function decrementStock(lines: StockLine[]): Promise<StockResult> {
  const taken: StockLine[] = [];
  for (const line of normalise(lines)) {
    const { match, inc, arrayFilters } = stockUpdate(line, -line.quantity, line.quantity);
    const res = await Product.updateOne(
      { _id: line.productId, ...match },
      { $inc: inc },
      {
        arrayFilters,
      },
    );
    if (res.modifiedCount === 1) {
      taken.push(line);
      continue;
    }
    await restoreStock(taken);
    const current = (await readStock([line.productId])).get(line.productId);
    const colour = line.colour ?? current?.colours[0]?.name;
    const available = current ? stockOf(current, colour, line.size) : 0;
    return {
      ok: false,
      productId: line.productId,
      ...(line.colour !== undefined && { colour: line.colour }),
      size: line.size,
      available,
    };
  }
  return { ok: true };
}

/**
/**
 * Takes one order item's units, at most once however often it is asked (a retry after a crash,
 * a take-over racing a slow first attempt): the units and the item's `key` go in one write of
 * the product, so the product itself says whether they were taken. Answers whether the item's
 * units are taken (by this call or an earlier one); false when not enough is left.
 */
export const takeOnce = (line: StockLine, key: string) => changeOnce(line, key, 'take');

/**
 * Gives one line's units back at most once however often it is asked (by several processes at
 * once, or again after a crash), the same way: answers whether they are back (by this call or
 * an earlier one); false when the product no longer has the colour or size.
 */
export const giveOnce = (line: StockLine, key: string) => changeOnce(line, key, 'give');

async function changeOnce(line: StockLine, key: string, way: 'take' | 'give'): Promise<boolean> {
  const [one] = normalise([line]) as [StockLine];
  const { match, inc, arrayFilters } =
    way === 'take'
      ? stockUpdate(one, -one.quantity, one.quantity)
      : stockUpdate(one, one.quantity, 0);
  const res = await Product.updateOne(
    { _id: one.productId, stockTakes: { $ne: key }, ...match },
    { $inc: inc, $push: { stockTakes: key } },
    { arrayFilters },
  );
  if (res.modifiedCount === 1) return true;
  return (await Product.exists({ _id: one.productId, stockTakes: key })) !== null;
}

/**
 * takeOnce for several order items in one write to the database (each item's units and its key
 * in one update of its product, as takeOnce writes them): answers, item by item, whether its
 * units are taken (by this call or an earlier one); false when not enough is left. Two items of
 * the same product are two updates of it, each with its own key.
 */
export async function takeEachOnce(
  items: ReadonlyArray<StockLine & { key: string }>,
): Promise<boolean[]> {
  if (!items.length) return [];
  const ops = items.map((item) => {
    const [one] = normalise([item]) as [StockLine];
    const { match, inc, arrayFilters } = stockUpdate(one, -one.quantity, one.quantity);
    return {
      updateOne: {
        filter: { _id: one.productId, stockTakes: { $ne: item.key }, ...match },
        update: { $inc: inc, $push: { stockTakes: item.key } },
        arrayFilters,
      },
    };
  });
  let modified: number | undefined;
  try {
    // The model's own middleware would move the catalog's version (any bulkWrite may change
    // what products say): these change stock alone, so the stock version moves, below.
    const res = await Product.bulkWrite(ops as never, { ordered: false, middleware: false });
    modified = res.modifiedCount;
  } finally {
    // Also when the write failed: some of its updates may have taken their units.
    if (modified !== 0) await bumpStockVersion();
  }
  if (modified === items.length) return items.map(() => true);
  // Not every item was taken now: one taken earlier has its key on its product.
  const rows = await Product.find(
    { _id: { $in: [...new Set(items.map((i) => i.productId))] } },
    { stockTakes: 1 },
  ).lean();
  const keys = new Set(rows.flatMap((r) => r.stockTakes ?? []));
  return items.map((i) => keys.has(i.key));
}

/** Forgets the keys of takes an order has recorded (nobody asks about them again), in one write. */
export async function forgetTakes(takes: Array<{ productId: string; key: string }>): Promise<void> {
  if (!takes.length) return;
  // Each key names its order and item, so no product has another's: one write for them all.
  await Product.updateMany(
    { _id: { $in: [...new Set(takes.map((t) => t.productId))] } },
    { $pull: { stockTakes: { $in: takes.map((t) => t.key) } } },
  );
}

/**
 * Gives stock back to each line's colour and size (a cancelled order, a refund, a failed later
 * step). Answers the lines that found no such colour or size (the product was deleted, or no
 * longer comes in it).
 */
export async function restoreStock(lines: StockLine[]): Promise<StockLine[]> {
  const lost: StockLine[] = [];
  for (const line of normalise(lines)) {
    const { match, inc, arrayFilters } = stockUpdate(line, line.quantity, 0);
    const res = await Product.updateOne(
      { _id: line.productId, ...match },
      { $inc: inc },
      {
        arrayFilters,
      },
    );
    if (res.modifiedCount !== 1) lost.push(line);
  }
  return lost;
}

/** The colour a product saved before colours becomes (by its slug), when what its photo shows is known. */
export type KnownColour = (product: { slug: string }) => { name: string; hex: string } | undefined;

interface RowBeforeColours {
  _id: mongoose.Types.ObjectId;
  slug: string;
  name: string;
  quantity: number;
  sizes?: SizeStockJson[];
  photo?: { key: string; url: string; widths?: Array<{ width: number; url: string }> };
}

/**
 * Products saved before colours existed (or before sizes) become one colour holding their
 * sizes (One size holding their quantity before sizes) and their photo, named after what the
 * photo shows when `known` says it, else "Default"; run at start-up. Each write is conditional
 * on the stock read, so a sale in between is never overwritten (the product is read again).
 */
export async function migrateToColours(known: KnownColour = () => undefined): Promise<number> {
  const noColours = { $or: [{ colours: { $exists: false } }, { colours: { $size: 0 } }] };
  const products = Product.collection;
  let migrated = 0;
  for (;;) {
    const rows = (await products
      .find(noColours, { projection: { slug: 1, name: 1, quantity: 1, sizes: 1, photo: 1 } })
      .limit(500)
      .toArray()) as unknown as RowBeforeColours[];
    if (!rows.length) break;
    for (const r of rows) {
      const sizes = sizesOf({ quantity: r.quantity, sizes: r.sizes });
      const { name, hex } = known(r) ?? DEFAULT_COLOUR;
      const images = r.photo?.key
        ? [
            {
              _id: new mongoose.Types.ObjectId(),
              key: r.photo.key,
              url: r.photo.url,
              widths: r.photo.widths ?? [],
              alt: r.name,
            },
          ]
        : [];
      const colour = {
        _id: new mongoose.Types.ObjectId(),
        name,
        key: colourKey(name),
        hex,
        images,
        sizes,
      };
      const res = await products.updateOne(
        {
          _id: r._id,
          quantity: r.quantity,
          sizes: r.sizes === undefined ? { $exists: false } : r.sizes,
          ...noColours,
        },
        { $set: { colours: [colour], sizes, rev: 0 }, $unset: { photo: '' } },
      );
      migrated += res.modifiedCount;
    }
  }
  if (migrated) await bumpCatalogVersion();
  // The photo moved into the colour; the index on its old place has nothing left to find.
  await products.dropIndex('photo.key_1').catch(() => undefined);
  return migrated;
}
