/**
 * Colours in the browser: a shopper chooses a colour and a size and pays (the order shows both,
 * with that colour's photo), a colour-size pair sold out cannot be added, two colours of one
 * T-shirt are two cart lines and two order items, an admin adds a colour with three photos
 * and reorders them, and an admin creates a tee in two colours with each colour's photos in one
 * go. Products are found in the demo catalog as it is now (other journeys buy
 * from it too).
 */
import { deflateSync, crc32 } from 'node:zlib';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  ADMIN,
  buttonOf,
  newestOrder,
  payInSandbox,
  findProduct,
  lineLabel,
  loginViaApi,
  pickSize,
  registerViaApi,
  shownColour,
  signInAs,
  sizesInStock,
  test,
  TINY_PNG,
  type ListedProduct,
} from './support.js';

/** A colour of a product as its page reads it: every photo, in order. */
interface FullColour {
  _id: string;
  name: string;
  hex: string;
  images: { _id: string; url: string; alt: string }[];
  sizes: { size: string; quantity: number }[];
}

/** Every photo of every colour of `product` (lists answer a colour's first photo only). */
async function coloursOf(request: APIRequestContext, product: ListedProduct) {
  const res = await request.get(`/api/product/get-product/${product.slug}`);
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { Aproduct: { colours: FullColour[] } };
  return body.Aproduct.colours;
}

/** How a colour's name reads in a URL: "bottle-green". */
const keyOf = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');

/** A `size`-px square PNG in one colour: a photo the shop can take. */
function pngOf([r, g, b]: [number, number, number], size = 64): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(size).fill([r, g, b]).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array(size).fill(row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The product page's colour swatches (the group is named "Colour: <the chosen one>"). */
const colourPicker = (page: Page) => page.getByRole('radiogroup', { name: /^Colour/ });

/** Chooses `colour` by tapping its swatch (the radio under it is visually hidden). */
async function pickColour(page: Page, colour: string): Promise<void> {
  const radio = colourPicker(page).getByRole('radio', { name: colour, exact: true });
  await radio.locator('xpath=..').click();
  await expect(radio).toBeChecked();
  await expect(colourPicker(page)).toContainText(`Colour: ${colour}`);
}

/**
 * The picture `img` shows is the photo `url` is (at any of its widths: the pipeline names each
 * `<name>-<width>.webp`).
 */
async function expectShows(img: Locator, url: string): Promise<void> {
  const stem = url.slice(url.lastIndexOf('/') + 1).replace(/(-\d+)?\.\w+$/, '');
  await expect
    .poll(() => img.evaluate((i: HTMLImageElement) => i.currentSrc || i.src))
    .toMatch(new RegExp(`/${stem}(-\\d+)?\\.\\w+$`));
}

/** A colour's sizes with stock, by name. */
const leftIn = (colour: ListedProduct['colours'][number]) =>
  colour.sizes.filter((s) => s.quantity > 0).map((s) => s.size);

test.describe('colours', () => {
  test('a shopper chooses a colour and a size, pays, and the order shows "Colour · Size" with that colour\u2019s photo', async ({
    page,
    request,
  }) => {
    // A tee whose page opens on one colour, with another colour in stock: a deliberate choice.
    const product = await findProduct(
      request,
      (p) =>
        p.colours.length > 1 &&
        p.colours.some((c) => c.name !== shownColour(p).name && leftIn(c).length > 0),
    );
    const colour = product.colours.find(
      (c) => c.name !== shownColour(product).name && leftIn(c).length > 0,
    )!;
    const size = sizesInStock(product, colour.name).at(-1)!;
    const photo = (await coloursOf(request, product)).find((c) => c.name === colour.name)!
      .images[0]!;
    const shopper = await registerViaApi(request, { name: 'Kavya Rao' });
    await signInAs(page, shopper, `/product-detail/${product.slug}`);

    await pickColour(page, colour.name);
    await expect(page).toHaveURL(new RegExp(`[?&]colour=${keyOf(colour.name)}(&|$)`));
    // The gallery is that colour's, from its first photo.
    const gallery = page.getByRole('region', {
      name: `Photos of ${product.name} in ${colour.name}`,
    });
    await expect(gallery.getByRole('button', { name: /^Zoom: / }).first()).toHaveAccessibleName(
      `Zoom: ${photo.alt}`,
    );
    await pickSize(page.getByRole('radiogroup', { name: 'Size' }), size);
    await expect(page).toHaveURL(new RegExp(`[?&]colour=${keyOf(colour.name)}&size=${size}$`));
    await page.getByRole('button', { name: 'ADD TO CART' }).first().click();
    await expect(page.getByText('Successfully Added')).toBeVisible();

    await page.goto('/cart');
    const line = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(product.name);
    await expect(line).toContainText(lineLabel(colour.name, size));
    await expectShows(line.locator('img').first(), photo.url);
    await payInSandbox(page);

    const order = newestOrder(page);
    await expect(order).toContainText(product.name);
    await expect(order).toContainText(`${lineLabel(colour.name, size)} · Quantity: 1`);
    await expectShows(order.getByRole('list').getByRole('listitem').locator('img'), photo.url);
    // The unit came out of that colour's size.
    await expect
      .poll(async () => {
        const res = await request.get(`/api/product/stock?ids=${product._id}`);
        const { products } = (await res.json()) as { products: ListedProduct[] };
        return products[0]!.colours
          .find((c) => c.name === colour.name)!
          .sizes.find((s) => s.size === size)!.quantity;
      })
      .toBe(colour.sizes.find((s) => s.size === size)!.quantity - 1);
  });

  test('a colour-size pair sold out is struck through and cannot be added, while that size is left in another colour', async ({
    page,
    request,
  }) => {
    // A size gone in one colour (which has other sizes left) and left in another.
    const soldOutPair = (p: ListedProduct) =>
      p.colours.flatMap((c) =>
        leftIn(c).length === 0
          ? []
          : c.sizes
              .filter((s) => s.quantity === 0)
              .flatMap((s) => {
                const other = p.colours.find((o) => leftIn(o).includes(s.size));
                return other ? [{ colour: c.name, size: s.size, other: other.name }] : [];
              }),
      )[0];
    const product = await findProduct(request, (p) => soldOutPair(p) !== undefined);
    const { colour, size, other } = soldOutPair(product)!;
    // A shared link naming the pair opens on the colour and chooses no size.
    await page.goto(`/product-detail/${product.slug}?colour=${keyOf(colour)}&size=${size}`);
    await expect(
      colourPicker(page).getByRole('radio', { name: colour, exact: true }),
    ).toBeChecked();

    const picker = page.getByRole('radiogroup', { name: 'Size' });
    const gone = picker.getByRole('radio', { name: `${size} (sold out)`, exact: true });
    await expect(gone).toBeDisabled();
    await expect(gone).not.toBeChecked();
    await expect(buttonOf(gone)).toHaveCSS('text-decoration-line', 'line-through');
    // Tapping it chooses nothing (forced: Playwright would wait for it to be enabled).
    await buttonOf(gone).click({ force: true });
    await expect(picker.getByRole('radio', { checked: true })).toHaveCount(0);
    const add = page.getByRole('button', { name: 'ADD TO CART' }).first();
    await add.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please choose a size' })).toBeVisible();
    await expect(page.getByText('Successfully Added')).toHaveCount(0);
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);

    // In the other colour that size is there to choose and add.
    await pickColour(page, other);
    const left = picker.getByRole('radio', { name: size, exact: true });
    await expect(left).toBeEnabled();
    await expect(buttonOf(left)).toHaveCSS('text-decoration-line', 'none');
    await pickSize(picker, size);
    await add.click();
    await expect(page.getByText('Successfully Added')).toBeVisible();
    await page.goto('/cart');
    const lines = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
    await expect(lines).toHaveCount(1);
    await expect(lines).toContainText(lineLabel(other, size));
  });

  test('two colours of one T-shirt are two cart lines, each with its colour’s photo, and two order items', async ({
    page,
    request,
  }) => {
    // Two colours with a size left in both.
    const pairOf = (p: ListedProduct) => {
      for (const a of p.colours)
        for (const b of p.colours)
          if (a !== b) {
            const size = leftIn(a).find((s) => leftIn(b).includes(s));
            if (size) return { colours: [a.name, b.name] as const, size };
          }
      return undefined;
    };
    const product = await findProduct(request, (p) => pairOf(p) !== undefined);
    const { colours, size } = pairOf(product)!;
    const photos = await coloursOf(request, product);
    const photoOf = (name: string) => photos.find((c) => c.name === name)!.images[0]!.url;
    const shopper = await registerViaApi(request, { name: 'Rohan Das' });
    await signInAs(page, shopper, `/product-detail/${product.slug}`);

    const add = page.getByRole('button', { name: 'ADD TO CART' }).first();
    for (const colour of colours) {
      await pickColour(page, colour);
      await pickSize(page.getByRole('radiogroup', { name: 'Size' }), size);
      await expect(page).toHaveURL(new RegExp(`[?&]colour=${keyOf(colour)}&size=${size}$`));
      await add.click();
    }
    await expect(page.getByTestId('cart-badge').first()).toHaveText('2');

    await page.goto('/cart');
    const lines = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
    await expect(lines).toHaveCount(2);
    for (const colour of colours) {
      const label = lineLabel(colour, size);
      const line = lines.filter({ has: page.getByText(label, { exact: true }) });
      await expect(line).toHaveCount(1);
      await expect(line).toContainText(product.name);
      await expect(
        line.getByRole('group', { name: `Quantity of ${product.name}, ${label}` }),
      ).toContainText(/Quantity 1(?!\d)/);
      await expectShows(line.locator('img').first(), photoOf(colour));
    }
    await payInSandbox(page);

    const items = newestOrder(page).getByRole('list').getByRole('listitem');
    await expect(items).toHaveCount(2);
    for (const colour of colours) {
      const item = items
        .filter({ hasText: product.name })
        .filter({ hasText: `${lineLabel(colour, size)} · Quantity: 1` });
      await expect(item).toHaveCount(1);
      await expectShows(item.locator('img'), photoOf(colour));
    }
  });

  test('an admin adds a colour with three photos and reorders them; the product page shows that gallery in the new order', async ({
    page,
    request,
  }) => {
    const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
    const auth = { Authorization: `Bearer ${admin.token}` };
    const { category } = await (await request.get('/api/category/all-category')).json();
    const name = `Gallery Tee ${Date.now().toString().slice(-6)}`;
    const created = await request.post('/api/product/create-product', {
      headers: auth,
      multipart: {
        name,
        description: 'A tee to hang photos on.',
        price: '599',
        category: category[0]._id,
        shipping: '1',
        colours: JSON.stringify([
          { name: 'Black', hex: '#111111', sizes: [{ size: 'M', quantity: 5 }] },
        ]),
        photo: { name: 'black.png', mimeType: 'image/png', buffer: TINY_PNG },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { product } = (await created.json()) as { product: ListedProduct };
    const edit = async () => {
      await page.goto('/dashboard/admin/product');
      await page.getByRole('link', { name }).click();
      await expect(page).toHaveURL(/\/dashboard\/admin\/product\/.+/);
    };

    // The colour: a row of the stock grid, saved by Update.
    await signInAs(page, admin);
    await edit();
    await page.getByRole('button', { name: 'Add colour' }).click();
    await page.getByLabel('Name of colour 2', { exact: true }).fill('Bottle Green');
    await page.getByLabel('Swatch of Bottle Green', { exact: true }).fill('#0b5d3b');
    await page.getByLabel('Stock of Bottle Green in M', { exact: true }).fill('4');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Product Updated successfully!')).toBeVisible();

    // Its photos: three at once, each given its alt text.
    await edit();
    const photos = page.getByRole('region', { name: /^Photos of Bottle Green/ });
    const shots = [
      { file: 'front.png', rgb: [11, 93, 59] as [number, number, number], alt: 'Front, flat lay' },
      { file: 'back.png', rgb: [20, 120, 80] as [number, number, number], alt: 'Back, plain' },
      { file: 'print.png', rgb: [200, 220, 90] as [number, number, number], alt: 'Print close-up' },
    ];
    await photos
      .getByLabel('Add photos of Bottle Green')
      .setInputFiles(
        shots.map((s) => ({ name: s.file, mimeType: 'image/png', buffer: pngOf(s.rgb) })),
      );
    await expect(photos.getByRole('heading')).toContainText('(3 of 8)');
    const savedAlts = async () =>
      (await coloursOf(request, product))
        .find((c) => c.name === 'Bottle Green')!
        .images.map((i) => i.alt);
    for (const [i, shot] of shots.entries()) {
      const field = photos.getByLabel(`Alt text of photo ${i + 1} of Bottle Green`);
      await field.fill(shot.alt);
      await field.press('Enter');
      await expect.poll(async () => (await savedAlts())[i]).toBe(shot.alt);
    }

    // Print first: it moves up twice.
    for (const at of [3, 2]) {
      await photos
        .getByRole('button', { name: `Move photo ${at} of Bottle Green earlier` })
        .click();
      await expect(
        photos
          .getByRole('listitem')
          .getByRole('img')
          .nth(at - 2),
      ).toHaveAccessibleName('Print close-up');
    }
    const order = ['Print close-up', 'Front, flat lay', 'Back, plain'];
    const shown = photos.getByRole('listitem').getByRole('img');
    for (const [i, alt] of order.entries()) await expect(shown.nth(i)).toHaveAccessibleName(alt);
    await expect.poll(savedAlts).toEqual(order);

    // The shop's product page, on that colour: its gallery in the new order.
    await page.goto(`/product-detail/${product.slug}?colour=bottle-green`);
    const label = `${name} in Bottle Green`;
    const thumbs = page
      .getByRole('list', { name: `Choose a photo of ${label}` })
      .getByRole('button');
    await expect(thumbs).toHaveCount(3);
    for (const [i, alt] of order.entries())
      await expect(thumbs.nth(i)).toHaveAccessibleName(`Photo ${i + 1}: ${alt}`);
    const slides = page.getByRole('region', { name: `Photos of ${label}` }).getByRole('img');
    for (const [i, alt] of order.entries()) await expect(slides.nth(i)).toHaveAccessibleName(alt);

    const removed = await request.delete(`/api/product/delete-product/${product._id}`, {
      headers: auth,
    });
    expect(removed.ok(), await removed.text()).toBe(true);
  });

  test('an admin creates a tee in two colours with photos for each in one go; the product page shows each colour\u2019s gallery', async ({
    page,
    request,
  }) => {
    const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
    const { category } = await (await request.get('/api/category/all-category')).json();
    const name = `Two Colour Tee ${Date.now().toString().slice(-6)}`;
    const png = (file: string, rgb: [number, number, number]) => ({
      name: file,
      mimeType: 'image/png',
      buffer: pngOf(rgb),
    });

    await signInAs(page, admin, '/dashboard/admin/create-product');
    const combo = page.getByRole('combobox', { name: 'Category' });
    await combo.fill(category[0].name);
    await page.getByRole('option', { name: category[0].name, exact: true }).click();
    await page.getByLabel('Photo', { exact: true }).setInputFiles(png('front.png', [17, 17, 17]));
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Description', { exact: true }).fill('Two colours, photos for each.');
    await page.getByLabel('Price', { exact: true }).fill('649');
    await page.getByRole('checkbox', { name: 'M', exact: true }).check();
    await page.getByLabel('Stock of Black in M', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'Add colour' }).click();
    await page.getByLabel('Name of colour 2', { exact: true }).fill('Bottle Green');
    await page.getByLabel('Swatch of Bottle Green', { exact: true }).fill('#0b5d3b');
    await page.getByLabel('Stock of Bottle Green in M', { exact: true }).fill('4');

    // Each colour's photos, chosen several at once and previewed before anything is sent.
    const blackPhotos = page.getByRole('region', { name: /^Photos of Black/ });
    await blackPhotos
      .getByLabel('Add photos of Black')
      .setInputFiles([png('back.png', [40, 40, 40]), png('print.png', [230, 80, 120])]);
    const greenPhotos = page.getByRole('region', { name: /^Photos of Bottle Green/ });
    await greenPhotos
      .getByLabel('Add photos of Bottle Green')
      .setInputFiles([png('green-front.png', [11, 93, 59]), png('green-back.png', [20, 120, 80])]);
    await expect(greenPhotos.getByRole('img', { name: 'Preview of green-back.png' })).toBeVisible();
    await expect(greenPhotos.getByLabel('Alt text of photo 2 of Bottle Green')).toHaveValue(
      `${name} in Bottle Green, back`,
    );
    await greenPhotos
      .getByLabel('Alt text of photo 1 of Bottle Green')
      .fill('Bottle Green, flat lay');
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByText('Product created successfully!')).toBeVisible();

    const product = await findProduct(request, (p) => p.name === name);
    const alts = (await coloursOf(request, product)).map((c) => [
      c.name,
      c.images.map((i) => i.alt),
    ]);
    expect(alts).toEqual([
      [
        'Black',
        [`${name} in Black`, `${name} in Black, back`, `${name} in Black, close-up of the print`],
      ],
      ['Bottle Green', ['Bottle Green, flat lay', `${name} in Bottle Green, back`]],
    ]);

    // The shop's product page: each colour's own gallery.
    await page.goto(`/product-detail/${product.slug}?colour=black`);
    for (const [colour, shown] of alts as [string, string[]][]) {
      await pickColour(page, colour);
      const thumbs = page
        .getByRole('list', { name: `Choose a photo of ${name} in ${colour}` })
        .getByRole('button');
      await expect(thumbs).toHaveCount(shown.length);
      for (const [i, alt] of shown.entries())
        await expect(thumbs.nth(i)).toHaveAccessibleName(`Photo ${i + 1}: ${alt}`);
    }

    const removed = await request.delete(`/api/product/delete-product/${product._id}`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect(removed.ok(), await removed.text()).toBe(true);
  });
});
