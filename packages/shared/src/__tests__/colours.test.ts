import { describe, expect, it } from 'vitest';
import { DEFAULT_COLOUR, ONE_SIZE } from '../constants/index.js';
import {
  addToCart,
  colourKey,
  colourOfLine,
  coloursOf,
  describeLine,
  findColour,
  firstColourInStock,
  isSoldOut,
  stockOf,
  sumOverColours,
  variantLabel,
} from '../rules/index.js';
import { cartLineProblem, decreaseQuantity, removeFromCart } from '../rules/cart.js';
import { checkoutItem, filterProductsBody, productBody } from '../index.js';
import { defaultAlt } from '../rules/photo.js';

const tee = {
  _id: 'a',
  price: 499,
  quantity: 9,
  sizes: [
    { size: 'M', quantity: 6 },
    { size: 'L', quantity: 3 },
  ],
  colours: [
    {
      name: 'Black',
      sizes: [
        { size: 'M', quantity: 0 },
        { size: 'L', quantity: 3 },
      ],
    },
    { name: 'Bottle Green', sizes: [{ size: 'M', quantity: 6 }] },
  ],
};
const base = { name: 'Tee', description: 'd', price: '499', category: 'a'.repeat(24) };
const black = { name: 'Black', hex: '#111111', sizes: [{ size: 'M', quantity: 2 }] };
const white = {
  name: 'White',
  hex: '#f5f5f2',
  sizes: [
    { size: 'M', quantity: 1 },
    { size: 'S', quantity: 4 },
  ],
};

describe('colours', () => {
  it('finds a colour by its name in any case, with spaces or hyphens', () => {
    expect(colourKey(' Bottle  Green ')).toBe('bottle-green');
    expect(findColour(tee.colours, 'bottle-green')?.name).toBe('Bottle Green');
    expect(findColour(tee.colours, 'BLACK')?.name).toBe('Black');
    expect(findColour(tee.colours, 'Red')).toBeUndefined();
  });

  it('reads stock per colour and size; a line without a colour only for a product in one', () => {
    expect(stockOf(tee, 'black', 'L')).toBe(3);
    expect(stockOf(tee, 'Black', 'M')).toBe(0);
    expect(stockOf(tee, 'Bottle Green', 'L')).toBe(0);
    expect(stockOf(tee, undefined, 'M')).toBe(0);
    expect(colourOfLine({ ...tee, colours: [tee.colours[1]!] }, undefined)?.name).toBe(
      'Bottle Green',
    );
  });

  it('reads a product saved before colours as one Default colour holding its sizes', () => {
    const old = { quantity: 4, sizes: [{ size: 'M', quantity: 4 }] };
    expect(coloursOf(old)).toEqual([{ name: DEFAULT_COLOUR.name, sizes: old.sizes }]);
    expect(stockOf(old, undefined, 'M')).toBe(4);
  });

  it('sums the colours per size in the shop order, and picks the first colour in stock', () => {
    expect(sumOverColours(tee.colours)).toEqual(tee.sizes);
    const soldOutFirst = [{ name: 'Red', sizes: [{ size: 'M', quantity: 0 }] }, tee.colours[1]!];
    expect(firstColourInStock(soldOutFirst)?.name).toBe('Bottle Green');
    expect(isSoldOut({ quantity: 0, sizes: [{ size: 'M', quantity: 0 }] })).toBe(true);
  });

  it('keeps two colours of one tee as two cart lines', () => {
    let cart = addToCart([], tee, 'M', 'Black');
    cart = addToCart(cart, tee, 'M', 'Bottle Green');
    cart = addToCart(cart, tee, 'M', 'black');
    expect(cart.map((l) => [l.colour, l.size, l.cartQuantity])).toEqual([
      ['Black', 'M', 2],
      ['Bottle Green', 'M', 1],
    ]);
    expect(decreaseQuantity(cart, 'a', 'M', 'Bottle Green')).toHaveLength(1);
    expect(removeFromCart(cart, 'a', 'M', 'Black').map((l) => l.colour)).toEqual(['Bottle Green']);
  });

  it('says what stops a line: no colour of several, a colour gone, a size sold out in it', () => {
    expect(cartLineProblem({ cartQuantity: 1, size: 'M' }, tee)).toEqual({ kind: 'no-colour' });
    expect(cartLineProblem({ cartQuantity: 1, size: 'M', colour: 'Red' }, tee)).toEqual({
      kind: 'colour-gone',
    });
    expect(cartLineProblem({ cartQuantity: 1, size: 'M', colour: 'Black' }, tee)).toEqual({
      kind: 'sold-out',
    });
    expect(cartLineProblem({ cartQuantity: 1, size: 'S', colour: 'Black' }, tee)).toEqual({
      kind: 'not-made',
    });
    expect(cartLineProblem({ cartQuantity: 4, size: 'L', colour: 'Black' }, tee)).toEqual({
      kind: 'short',
      available: 3,
    });
    expect(cartLineProblem({ cartQuantity: 3, size: 'L', colour: 'Black' }, tee)).toBeNull();
  });

  it('names a line as shoppers and messages read it', () => {
    expect(variantLabel({ colour: 'Black', size: 'M' })).toBe('Black · M');
    expect(variantLabel({ colour: 'Black', size: ONE_SIZE })).toBe('Black');
    expect(variantLabel({ colour: DEFAULT_COLOUR.name, size: 'M' })).toBe('Size M');
    expect(variantLabel({ size: ONE_SIZE })).toBe('');
    expect(describeLine('Sakura Drift Tee', 'Black', 'M')).toBe('Sakura Drift Tee in Black, M');
    expect(describeLine('Sakura Drift Tee', 'Black', ONE_SIZE)).toBe('Sakura Drift Tee in Black');
    expect(describeLine('Sakura Drift Tee', undefined, 'M')).toBe('Sakura Drift Tee in size M');
    expect(describeLine('Sakura Drift Tee', 'Default', 'M')).toBe('Sakura Drift Tee in size M');
    expect(describeLine('Sakura Drift Tee', 'Default', ONE_SIZE)).toBe('Sakura Drift Tee');
  });
});

describe('the colours field of the product form', () => {
  const parse = (fields: Record<string, unknown>) => productBody.safeParse({ ...base, ...fields });
  const messages = (fields: Record<string, unknown>) => {
    const r = parse(fields);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it('takes JSON colours with their sizes, hex in upper case, sizes in the shop order', () => {
    const r = parse({ colours: JSON.stringify([black, white]) });
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data.colours?.map((c) => [c.name, c.hex])).toEqual([
      ['Black', '#111111'],
      ['White', '#F5F5F2'],
    ]);
    expect(r.data.colours?.[1]!.sizes.map((s) => s.size)).toEqual(['S', 'M']);
  });

  it('refuses what cannot be right, each with its reason', () => {
    expect(messages({ colours: '[{name:Black}]' })[0]).toMatch(/^Colours must be JSON/);
    expect(messages({ colours: '[]' })).toContain('Add at least one colour');
    expect(messages({ colours: JSON.stringify([black, { ...white, name: 'BLACK' }]) })).toContain(
      'Colour BLACK is listed twice',
    );
    expect(messages({ colours: JSON.stringify([{ ...black, hex: 'black' }]) })).toContain(
      'A swatch colour is a hex code like #1E1E21',
    );
    expect(messages({ colours: JSON.stringify([{ ...black, name: ' ' }]) })).toContain(
      'Colour name is required',
    );
    expect(
      messages({
        colours: JSON.stringify([black, { ...white, sizes: [{ size: ONE_SIZE, quantity: 1 }] }]),
      })[0],
    ).toMatch(/One size is every colour's or none's/);
    expect(messages({ colours: JSON.stringify([black]), quantity: '5' })).toContain(
      "Quantity must be the total of the colours' sizes (2)",
    );
    expect(
      messages({ colours: JSON.stringify([black]), sizes: JSON.stringify(black.sizes) })[0],
    ).toMatch(/not both/);
  });
});

describe('colours in the calls', () => {
  it('filters and checkout lines take a colour name', () => {
    expect(filterProductsBody.parse({ colour: 'Black' }).colour).toBe('Black');
    expect(filterProductsBody.safeParse({ colour: '' }).success).toBe(false);
    expect(
      checkoutItem.parse({ _id: 'a'.repeat(24), cartQuantity: 1, colour: 'Black' }).colour,
    ).toBe('Black');
  });
});

describe("a colour photo's default alt text", () => {
  it('names the tee and its colour (the tee alone in the Default colour), and the view by place', () => {
    expect(defaultAlt('Sakura Drift Tee', 'Black')).toBe('Sakura Drift Tee in Black');
    expect(defaultAlt('Sakura Drift Tee', DEFAULT_COLOUR.name)).toBe('Sakura Drift Tee');
    expect([0, 1, 2, 3, 4].map((at) => defaultAlt('Sakura Drift Tee', 'Bottle Green', at))).toEqual(
      [
        'Sakura Drift Tee in Bottle Green, front',
        'Sakura Drift Tee in Bottle Green, back',
        'Sakura Drift Tee in Bottle Green, close-up of the print',
        'Sakura Drift Tee in Bottle Green, folded',
        'Sakura Drift Tee in Bottle Green, photo 5',
      ],
    );
  });
});
