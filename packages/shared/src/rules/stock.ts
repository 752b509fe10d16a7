/**
 * What a product holds: its colours, each with its stock per size. A shopper buys one colour
 * in one size; the product's `sizes` is, per size, the sum over its colours and `quantity` the
 * sum of everything. Products saved before sizes read as One size, before colours as one
 * colour (the API migrates both at start-up; carts saved earlier may still hold such products).
 */
import { DEFAULT_COLOUR, ONE_SIZE, PRODUCT_SIZES } from '../constants/index.js';

/** A size a product is made in, with its own stock. */
export interface SizeStock {
  size: string;
  quantity: number;
}
/** A colour a product comes in, with its stock per size. */
export interface ColourStock {
  name: string;
  sizes: readonly SizeStock[];
}
export interface Stocked {
  quantity: number;
  sizes?: readonly SizeStock[] | undefined;
  colours?: readonly ColourStock[] | undefined;
}

/** Sizes in the shop's order (XS … 3XL, then One size). */
export function sortSizes<T extends { size: string }>(sizes: readonly T[]): T[] {
  const rank = (s: string) => (PRODUCT_SIZES as readonly string[]).indexOf(s);
  return [...sizes].sort((a, b) => rank(a.size) - rank(b.size));
}

/** The sizes a product is sold in (summed over its colours); before sizes, One size. */
export function sizesOf(product: Stocked): SizeStock[] {
  return product.sizes?.length
    ? sortSizes(product.sizes)
    : [{ size: ONE_SIZE, quantity: product.quantity }];
}

/** The total a list of sizes holds. */
export function totalOfSizes(sizes: readonly SizeStock[]): number {
  return sizes.reduce((sum, s) => sum + s.quantity, 0);
}

/** Per size, the sum over the colours, in the shop's size order: the product's `sizes`. */
export function sumOverColours<S extends string>(
  colours: ReadonlyArray<{ sizes: ReadonlyArray<{ size: S; quantity: number }> }>,
): Array<{ size: S; quantity: number }> {
  const sums = new Map<S, number>();
  for (const colour of colours)
    for (const { size, quantity } of colour.sizes) sums.set(size, (sums.get(size) ?? 0) + quantity);
  return sortSizes([...sums].map(([size, quantity]) => ({ size, quantity })));
}

/**
 * How a colour's name reads in a URL and compares with another (`?colour=bottle-green`):
 * lower case, spaces as hyphens. Two colours of one product never share it.
 */
export function colourKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

/** The colour of `colours` called `name` (any case, spaces or hyphens), if any. */
export function findColour<T extends { name: string }>(
  colours: readonly T[],
  name: string | undefined,
): T | undefined {
  if (name === undefined) return undefined;
  const key = colourKey(name);
  return colours.find((c) => colourKey(c.name) === key);
}

/** The colours a product comes in; one made before colours is one colour holding its sizes. */
export function coloursOf(product: Stocked): ColourStock[] {
  return product.colours?.length
    ? [...product.colours]
    : [{ name: DEFAULT_COLOUR.name, sizes: sizesOf(product) }];
}

/**
 * The colour a line buys: the one named, or the only one of a product in one colour (a line
 * saved before colours names none). Undefined for an unknown colour, or none named of several.
 */
export function colourOfLine(
  product: Stocked,
  colour: string | undefined,
): ColourStock | undefined {
  const colours = coloursOf(product);
  if (colour === undefined) return colours.length === 1 ? colours[0] : undefined;
  return findColour(colours, colour);
}

/** How many are left of a colour in a size; 0 for a size or colour it is not made in. */
export function stockOf(
  product: Stocked,
  colour: string | undefined,
  size: string | undefined,
): number {
  return colourOfLine(product, colour)?.sizes.find((s) => s.size === size)?.quantity ?? 0;
}

/** True when the product comes in One size only (ADD TO CART needs no size). */
export function isOneSize(product: Stocked): boolean {
  const sizes = sizesOf(product);
  return sizes.length === 1 && sizes[0]!.size === ONE_SIZE;
}

/** How many are left in a size over every colour; 0 for a size the product is not made in. */
export function stockOfSize(product: Stocked, size: string | undefined): number {
  return sizesOf(product).find((s) => s.size === size)?.quantity ?? 0;
}

/** Sold out: no colour has any left in any size. */
export function isSoldOut(product: Stocked): boolean {
  return sizesOf(product).every((s) => s.quantity <= 0);
}

/** A colour with nothing left in any size. */
export function isColourSoldOut(colour: ColourStock): boolean {
  return colour.sizes.every((s) => s.quantity <= 0);
}

/** The first colour with any stock left, else the first colour (cards show its photo). */
export function firstColourInStock<T extends ColourStock>(colours: readonly T[]): T | undefined {
  return colours.find((c) => !isColourSoldOut(c)) ?? colours[0];
}

/**
 * A line as shoppers read it beside its product: "Black · M", "Black" (One size), "Size M"
 * (no colour to name), or "" (One size, no colour). The colour of a product saved before
 * colours existed ("Default") is not worth naming.
 */
export function variantLabel(line: {
  colour?: string | undefined;
  size?: string | undefined;
}): string {
  const colour = line.colour && line.colour !== DEFAULT_COLOUR.name ? line.colour : undefined;
  const size = line.size && line.size !== ONE_SIZE ? line.size : undefined;
  if (colour) return size ? `${colour} · ${size}` : colour;
  return size ? `Size ${size}` : '';
}

/**
 * A product in a colour and a size as a message names it: "Sakura Drift Tee in Black, M",
 * "… in Black" (One size), "… in size M" (no colour worth naming: none, or "Default"), or the
 * name alone.
 */
export function describeLine(name: string, colour: string | undefined, size: string): string {
  if (colour && colour !== DEFAULT_COLOUR.name)
    return size === ONE_SIZE ? `${name} in ${colour}` : `${name} in ${colour}, ${size}`;
  return size === ONE_SIZE ? name : `${name} in size ${size}`;
}
