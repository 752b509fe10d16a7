/**
 * Colours on the catalog: the shape every read answers, the multipart field `colours` on
 * create and update, stock taken and given back per colour and size (never below zero, sums in
 * step, also when buyers race across colours), the colour filter, and products saved before
 * colours becoming one colour at start-up.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import {
  catalogColoursResponse,
  filterProductsResponse,
  product,
  productResponse,
} from '@repo/shared';
import { setupTestApp } from '../../../test/harness.js';
import { decrementStock, migrateToColours, restoreStock } from '../index.js';
import { Product } from '../product.model.js';
import { insertProducts, makeCategory, makeImage } from './fixtures.js';

const t = await setupTestApp();
const admin = await t.createAdmin();
const category = await makeCategory('Colours');
const jpeg = await makeImage('jpeg');

const BLACK = { name: 'Black', hex: '#111111', sizes: [{ size: 'M', quantity: 2 }] };
const GREEN = {
  name: 'Bottle Green',
  hex: '#1f5233',
  sizes: [
    { size: 'S', quantity: 1 },
    { size: 'M', quantity: 4 },
  ],
};

const fields = { name: 'Sakura Drift Tee', description: 'Blossoms.', price: '549', category };

function send(
  req: ReturnType<ReturnType<typeof t.request>['post']>,
  f: Record<string, string>,
  photo?: Buffer,
) {
  req.set('Authorization', admin.auth);
  for (const [k, v] of Object.entries(f)) req.field(k, v);
  if (photo) req.attach('photo', photo, 'photo.jpg');
  return req;
}
const create = (f: Record<string, string>) =>
  send(t.request().post('/api/product/create-product'), { ...fields, ...f }, jpeg);
const update = (id: string, f: Record<string, string>, photo?: Buffer) =>
  send(t.request().put(`/api/product/update-product/${id}`), { ...fields, ...f }, photo);
const fileOf = (url: string) => join(t.config.dataDir, 'uploads', url.replace(/^\/uploads\//, ''));

/** Each colour's name, hex and stock per size, in order. */
const coloursOf = (p: { colours: Array<{ name: string; hex: string; sizes: unknown }> }) =>
  p.colours.map((c) => [c.name, c.hex, c.sizes]);
const stored = async (id: string) => (await Product.findById(id).lean())!;

describe('the multipart field colours', () => {
  it('creates a product in several colours: sizes and quantity are their sums, the photo the first colour’s', async () => {
    const res = await create({ colours: JSON.stringify([BLACK, GREEN]) }).expect(201);
    const p = product.parse(res.body.product);
    expect(coloursOf(p)).toEqual([
      ['Black', '#111111', [{ size: 'M', quantity: 2 }]],
      [
        'Bottle Green',
        '#1F5233',
        [
          { size: 'S', quantity: 1 },
          { size: 'M', quantity: 4 },
        ],
      ],
    ]);
    expect(p.sizes).toEqual([
      { size: 'S', quantity: 1 },
      { size: 'M', quantity: 6 },
    ]);
    expect(p.quantity).toBe(7);
    expect(p.colours[0]!.images).toEqual([
      {
        _id: expect.any(String),
        url: p.photo,
        alt: 'Sakura Drift Tee in Black',
        widths: p.photos,
      },
    ]);
    expect(p.colours[1]!.images).toEqual([]);
  });

  it('refuses two colours of one name, a quantity that is not the total, and colours with sizes (400, nothing stored)', async () => {
    const before = await Product.countDocuments();
    const twice = await create({
      colours: JSON.stringify([BLACK, { ...GREEN, name: 'black' }]),
    }).expect(400);
    expect(twice.body.message).toBe('colours: Colour black is listed twice');
    const total = await create({ colours: JSON.stringify([BLACK]), quantity: '3' }).expect(400);
    expect(total.body.message).toBe(
      "quantity: Quantity must be the total of the colours' sizes (2)",
    );
    await create({
      colours: JSON.stringify([BLACK]),
      sizes: JSON.stringify(BLACK.sizes),
    }).expect(400);
    expect(await Product.countDocuments()).toBe(before);
  });

  it('updates colours: a rename keeps the photos (by _id), a colour left out goes with its photo files', async () => {
    // A picture of its own: files another product shows are kept.
    const created = (
      await send(
        t.request().post('/api/product/create-product'),
        { ...fields, colours: JSON.stringify([BLACK, GREEN]) },
        await makeImage('jpeg', { color: '#101010' }),
      ).expect(201)
    ).body.product;
    const [black, green] = created.colours;
    // Green gets a photo of its own by becoming the first colour with a new main photo.
    const swapped = (
      await update(
        created._id,
        {
          colours: JSON.stringify([
            { _id: green._id, ...GREEN },
            { _id: black._id, ...BLACK },
          ]),
        },
        await makeImage('png', { color: '#1f5233' }),
      ).expect(200)
    ).body.product;
    expect(swapped.colours.map((c: { name: string }) => c.name)).toEqual(['Bottle Green', 'Black']);
    const greenPhoto = swapped.colours[0].images[0].url;
    expect(swapped.photo).toBe(greenPhoto);
    expect(swapped.colours[1].images[0].url).toBe(black.images[0].url);

    // Black renamed Jet Black keeps its photo; the stock is what the form says.
    const renamed = (
      await update(created._id, {
        colours: JSON.stringify([
          { _id: green._id, ...GREEN },
          { _id: black._id, ...BLACK, name: 'Jet Black', sizes: [{ size: 'M', quantity: 9 }] },
        ]),
      }).expect(200)
    ).body.product;
    expect(renamed.colours[1]).toMatchObject({
      _id: black._id,
      name: 'Jet Black',
      images: [{ url: black.images[0].url }],
      sizes: [{ size: 'M', quantity: 9 }],
    });
    expect(renamed.quantity).toBe(14);

    // Jet Black left out: it goes, and so do its photo's files (nothing else shows them).
    expect(existsSync(fileOf(black.images[0].url))).toBe(true);
    const left = (
      await update(created._id, {
        colours: JSON.stringify([{ _id: green._id, ...GREEN }]),
      }).expect(200)
    ).body.product;
    expect(coloursOf(left)).toEqual([['Bottle Green', '#1F5233', GREEN.sizes]]);
    expect(left.quantity).toBe(5);
    expect(existsSync(fileOf(black.images[0].url))).toBe(false);
    expect(existsSync(fileOf(greenPhoto))).toBe(true);
  });

  it('refuses a first colour without photos, sizes alone for several colours, a new total it cannot split', async () => {
    const created = (await create({ colours: JSON.stringify([BLACK, GREEN]) }).expect(201)).body
      .product;
    const noPhoto = await update(created._id, {
      colours: JSON.stringify([GREEN, BLACK]),
    }).expect(400);
    expect(noPhoto.body.message).toBe(
      'The first colour (Bottle Green) has no photos yet: put a colour with photos first',
    );
    const sizes = await update(created._id, { sizes: JSON.stringify(BLACK.sizes) }).expect(400);
    expect(sizes.body.message).toBe(
      'This product comes in 2 colours: send the stock of each in "colours"',
    );
    const total = await update(created._id, { quantity: '99' }).expect(400);
    expect(total.body.message).toBe(
      'This product comes in 2 colours: send the stock of each in "colours"',
    );
    // The original form (no colours, the quantity unchanged) keeps the colours as they are.
    const kept = (await update(created._id, { quantity: '7', price: '599' }).expect(200)).body
      .product;
    expect(coloursOf(kept)).toEqual(coloursOf(created));
    expect(kept.price).toBe(599);
  });
});

describe('reads', () => {
  it('list each colour with its first photo only; the product read has every photo', async () => {
    const [tee] = await insertProducts([
      {
        name: 'Gallery Tee',
        price: 700,
        category,
        colours: [
          { name: 'Black', sizes: [{ size: 'M', quantity: 1 }], images: 3 },
          { name: 'White', sizes: [{ size: 'M', quantity: 1 }], images: 2 },
        ],
      },
    ]);
    const list = await t
      .request()
      .post('/api/product/getFilter-product')
      .send({ checked: [category] })
      .expect(200);
    const listed = filterProductsResponse
      .parse(list.body)
      .filterProduct.find((p) => p._id === tee!.id)!;
    expect(listed.colours.map((c) => c.images.length)).toEqual([1, 1]);
    const one = productResponse.parse(
      (await t.request().get(`/api/product/get-product/${tee!.slug}`).expect(200)).body,
    ).Aproduct;
    expect(one.colours.map((c) => c.images.length)).toEqual([3, 2]);
    expect(one.photo).toBe(one.colours[0]!.images[0]!.url);
    expect(listed.colours[1]!.images[0]).toEqual(one.colours[1]!.images[0]);
  });
});

describe('stock per colour and size', () => {
  const make = () =>
    insertProducts([
      {
        name: 'Stocked Tee',
        price: 500,
        category,
        colours: [
          { name: 'Black', sizes: [{ size: 'M', quantity: 3 }] },
          { name: 'Bottle Green', sizes: [{ size: 'M', quantity: 3 }] },
        ],
      },
    ]).then(([p]) => p!.id);
  const stockOf = async (id: string) => {
    const p = await stored(id);
    return {
      colours: p.colours!.map((c) => [c.name, c.sizes[0]!.quantity]),
      sizes: p.sizes!.map((s) => [s.size, s.quantity]),
      quantity: p.quantity,
    };
  };

  it('takes and gives back per colour (any case), names a short colour, keeps the sums in step', async () => {
    const id = await make();
    expect(
      await decrementStock([
        { productId: id, colour: 'black', size: 'M', quantity: 2 },
        { productId: id, colour: 'Bottle Green', size: 'M', quantity: 1 },
      ]),
    ).toEqual({ ok: true });
    expect(await stockOf(id)).toEqual({
      colours: [
        ['Black', 1],
        ['Bottle Green', 2],
      ],
      sizes: [['M', 3]],
      quantity: 3,
    });
    // Short in Black: nothing is taken, not even the Green line before it.
    expect(
      await decrementStock([
        { productId: id, colour: 'Bottle Green', size: 'M', quantity: 1 },
        { productId: id, colour: 'Black', size: 'M', quantity: 2 },
      ]),
    ).toEqual({ ok: false, productId: id, colour: 'Black', size: 'M', available: 1 });
    expect((await stockOf(id)).quantity).toBe(3);
    // A line without a colour (an order from before colours) is the first colour's.
    expect(await restoreStock([{ productId: id, size: 'M', quantity: 1 }])).toEqual([]);
    // A colour the product no longer has cannot take stock back: reported, nothing changed.
    const gone = { productId: id, colour: 'Red', size: 'M', quantity: 1 };
    expect(await restoreStock([gone])).toEqual([gone]);
    expect(await stockOf(id)).toEqual({
      colours: [
        ['Black', 2],
        ['Bottle Green', 2],
      ],
      sizes: [['M', 4]],
      quantity: 4,
    });
  });

  it('never goes below zero when buyers race across colours', async () => {
    const id = await make();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        decrementStock([
          { productId: id, colour: i % 2 ? 'Black' : 'Bottle Green', size: 'M', quantity: 1 },
        ]),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(6);
    expect(await stockOf(id)).toEqual({
      colours: [
        ['Black', 0],
        ['Bottle Green', 0],
      ],
      sizes: [['M', 0]],
      quantity: 0,
    });
  });
});

describe('the colour filter (getFilter-product with colour)', () => {
  it('answers products in stock in the colour (any case), in the size too when both are asked', async () => {
    const tees = await makeCategory('Colour filter');
    const [inBlackM, blackSoldOut, blackOnlyL, greenOnly, cheapBlack] = await insertProducts([
      {
        name: 'Black M',
        price: 600,
        category: tees,
        colours: [{ name: 'Black', sizes: [{ size: 'M', quantity: 2 }] }],
      },
      {
        name: 'Black sold out',
        price: 600,
        category: tees,
        colours: [
          { name: 'Black', sizes: [{ size: 'M', quantity: 0 }] },
          { name: 'White', sizes: [{ size: 'M', quantity: 5 }] },
        ],
      },
      {
        name: 'Black in L, White in M',
        price: 600,
        category: tees,
        colours: [
          { name: 'Black', sizes: [{ size: 'L', quantity: 1 }] },
          { name: 'White', sizes: [{ size: 'M', quantity: 1 }] },
        ],
      },
      {
        name: 'Green only',
        price: 600,
        category: tees,
        colours: [{ name: 'Bottle Green', sizes: [{ size: 'M', quantity: 1 }] }],
      },
      {
        name: 'Cheap black',
        price: 200,
        category: tees,
        colours: [{ name: 'Black', sizes: [{ size: 'M', quantity: 1 }] }],
      },
    ]);
    const filter = async (body: Record<string, unknown>) => {
      const res = await t
        .request()
        .post('/api/product/getFilter-product')
        .send({ checked: [tees], ...body })
        .expect(200);
      const parsed = filterProductsResponse.parse(res.body);
      return { names: parsed.filterProduct.map((p) => p.name).sort(), total: parsed.total };
    };
    expect(await filter({ colour: 'BLACK' })).toEqual({
      names: [blackOnlyL!.name, cheapBlack!.name, inBlackM!.name].sort(),
      total: 3,
    });
    expect(await filter({ colour: 'black', size: 'M' })).toEqual({
      names: [cheapBlack!.name, inBlackM!.name].sort(),
      total: 2,
    });
    expect((await filter({ colour: 'bottle-green' })).names).toEqual([greenOnly!.name]);
    expect((await filter({ colour: 'Bottle Green', size: 'L' })).names).toEqual([]);
    expect((await filter({ colour: 'black', radio: [500, 700] })).names).toEqual(
      [blackOnlyL!.name, inBlackM!.name].sort(),
    );
    expect((await filter({ colour: 'Red' })).total).toBe(0);
    expect(blackSoldOut).toBeDefined();

    // "In stock in Black" moves with stock: the last black M sold, and it leaves the answer.
    await decrementStock([{ productId: inBlackM!.id, colour: 'Black', size: 'M', quantity: 2 }]);
    expect((await filter({ colour: 'black', size: 'M' })).names).toEqual([cheapBlack!.name]);
  });
});

describe('the catalog colours (GET /api/product/colours)', () => {
  it('answers each colour once, as most products spell it, in name order, without Default; a new colour shows once created', async () => {
    const tees = await makeCategory('Catalog colours');
    await insertProducts([
      {
        name: 'Mauve one',
        price: 600,
        category: tees,
        colours: [
          { name: 'Dusty Mauve', hex: '#AA7788', sizes: [{ size: 'M', quantity: 1 }] },
          { name: 'Cocoa', hex: '#553322', sizes: [{ size: 'M', quantity: 0 }] },
        ],
      },
      {
        name: 'Mauve two',
        price: 600,
        category: tees,
        colours: [{ name: 'Dusty Mauve', hex: '#AA7788', sizes: [{ size: 'L', quantity: 1 }] }],
      },
      {
        name: 'Mauve three',
        price: 600,
        category: tees,
        colours: [{ name: 'dusty-mauve', hex: '#BB8899', sizes: [{ size: 'L', quantity: 1 }] }],
      },
      { name: 'Nameless', price: 600, category: tees },
    ]);
    const colours = async () => {
      const res = await t.request().get('/api/product/colours').expect(200);
      return catalogColoursResponse.parse(res.body).colours;
    };
    const first = await colours();
    expect(first.filter((c) => c.key === 'dusty-mauve')).toEqual([
      { name: 'Dusty Mauve', hex: '#AA7788', key: 'dusty-mauve' },
    ]);
    // A colour sold out everywhere is still a colour of the catalog (the filter then finds none).
    expect(first.some((c) => c.key === 'cocoa')).toBe(true);
    expect(first.some((c) => c.key === 'default')).toBe(false);
    const names = first.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));

    await create({
      colours: JSON.stringify([{ name: 'Saffron Glow', hex: '#f4a300', sizes: BLACK.sizes }]),
    }).expect(201);
    expect((await colours()).filter((c) => c.key === 'saffron-glow')).toEqual([
      { name: 'Saffron Glow', hex: '#F4A300', key: 'saffron-glow' },
    ]);
  });
});

describe('migrateToColours', () => {
  it('makes a product saved before colours one colour holding its sizes and photo, named when known', async () => {
    const old = (slug: string, name: string) => ({
      name,
      slug,
      description: 'Saved before colours',
      price: 300,
      quantity: 5,
      sizes: [
        { size: 'S', quantity: 2 },
        { size: 'M', quantity: 3 },
      ],
      shipping: false,
      category: new mongoose.Types.ObjectId(category),
      photo: {
        key: `k-${slug}`,
        url: `/uploads/${slug}-960.webp`,
        widths: [{ width: 960, url: `/uploads/${slug}-960.webp` }],
      },
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const known = await Product.collection.insertOne(old('demo-known-tee', 'Known Tee'));
    const other = await Product.collection.insertOne(old('admin-made-tee', 'Admin Tee'));
    // Read before the migration reaches it: one colour already, with its photo.
    const early = productResponse.parse(
      (await t.request().get('/api/product/get-product/admin-made-tee').expect(200)).body,
    ).Aproduct;
    expect(early.colours[0]).toMatchObject({ name: 'Default', images: [{ url: early.photo }] });

    const migrated = await migrateToColours(({ slug }) =>
      slug === 'demo-known-tee' ? { name: 'Sky Blue', hex: '#8EC5E8' } : undefined,
    );
    expect(migrated).toBe(2);
    const row = await stored(String(known.insertedId));
    expect(row.colours).toEqual([
      {
        _id: expect.anything(),
        name: 'Sky Blue',
        key: 'sky-blue',
        hex: '#8EC5E8',
        images: [
          {
            _id: expect.anything(),
            key: 'k-demo-known-tee',
            url: '/uploads/demo-known-tee-960.webp',
            widths: [{ width: 960, url: '/uploads/demo-known-tee-960.webp' }],
            alt: 'Known Tee',
          },
        ],
        sizes: [
          { size: 'S', quantity: 2 },
          { size: 'M', quantity: 3 },
        ],
      },
    ]);
    expect(row).not.toHaveProperty('photo');
    expect((await stored(String(other.insertedId))).colours![0]!.name).toBe('Default');
    const read = productResponse.parse(
      (await t.request().get('/api/product/get-product/demo-known-tee').expect(200)).body,
    ).Aproduct;
    expect(read.photo).toBe('/uploads/demo-known-tee-960.webp');
    expect(read.colours.map((c) => c.name)).toEqual(['Sky Blue']);
    // Stock is taken from it like any other, and a second run has nothing to do.
    expect(
      await decrementStock([
        { productId: String(known.insertedId), colour: 'sky blue', size: 'M', quantity: 3 },
      ]),
    ).toEqual({ ok: true });
    expect(await migrateToColours()).toBe(0);
  });
});
