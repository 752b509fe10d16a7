/**
 * Sizes in the browser: a shopper chooses a size on the product page and pays, a sold-out
 * size cannot be chosen, two sizes of one T-shirt are two cart lines and two order items, and
 * an admin edits the stock per size. Products are found in the demo catalog as it is now (other
 * journeys buy from it too).
 */
import { expect, type APIRequestContext } from '@playwright/test';
import {
  ADMIN,
  buttonOf,
  newestOrder,
  payInSandbox,
  findProduct,
  pickSize,
  loginViaApi,
  registerViaApi,
  signInAs,
  sizesInStock,
  test,
  variantOf,
  TINY_PNG,
  type ListedProduct,
} from './support.js';

/** Today's stock of `product` in `size`, as the cart reads it. */
async function stockOf(request: APIRequestContext, product: ListedProduct, size: string) {
  const res = await request.get(`/api/product/stock?ids=${product._id}`);
  expect(res.ok(), await res.text()).toBe(true);
  const { products } = (await res.json()) as { products: ListedProduct[] };
  return products[0]!.sizes.find((s) => s.size === size)!.quantity;
}

test.describe('sizes', () => {
  test('a shopper chooses a size on the product page, pays, and the order shows that size', async ({
    page,
    request,
  }) => {
    const product = await findProduct(request, (p) => sizesInStock(p).length >= 2);
    // Its least-stocked size left: a deliberate choice, not the first one offered.
    const size = sizesInStock(product).at(-1)!;
    const before = await stockOf(request, product, size);
    const shopper = await registerViaApi(request, { name: 'Meera Iyer' });
    await signInAs(page, shopper, `/product-detail/${product.slug}`);

    const picker = page.getByRole('radiogroup', { name: 'Size' });
    await pickSize(picker, size);
    await expect(page).toHaveURL(new RegExp(`[?&]size=${size}$`));
    await page.getByRole('button', { name: 'ADD TO CART' }).first().click();
    await expect(page.getByText('Successfully Added')).toBeVisible();

    await page.goto('/cart');
    const line = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(product.name);
    await expect(line).toContainText(variantOf(product, size));
    await payInSandbox(page);

    const order = newestOrder(page);
    await expect(order).toContainText(product.name);
    await expect(order).toContainText(`${variantOf(product, size)} · Quantity: 1`);
    // The unit came out of that size.
    await expect.poll(() => stockOf(request, product, size)).toBe(before - 1);
  });

  test('a sold-out size is struck through and cannot be chosen; ADD TO CART asks for a size until one is', async ({
    page,
    request,
  }) => {
    const product = await findProduct(
      request,
      (p) => p.sizes.some((s) => s.quantity === 0) && sizesInStock(p).length > 0,
    );
    const soldOut = product.sizes.find((s) => s.quantity === 0)!.size;
    const inStock = sizesInStock(product)[0]!;
    // A shared link naming the sold-out size chooses nothing.
    await page.goto(`/product-detail/${product.slug}?size=${soldOut}`);

    const picker = page.getByRole('radiogroup', { name: 'Size' });
    const gone = picker.getByRole('radio', { name: `${soldOut} (sold out)`, exact: true });
    await expect(gone).toBeDisabled();
    await expect(gone).not.toBeChecked();
    await expect(buttonOf(gone)).toHaveCSS('text-decoration-line', 'line-through');
    const left = picker.getByRole('radio', { name: inStock, exact: true });
    await expect(left).toBeEnabled();
    await expect(buttonOf(left)).toHaveCSS('text-decoration-line', 'none');

    // Tapping the sold-out size chooses nothing (forced: Playwright would wait for it to be enabled).
    await buttonOf(gone).click({ force: true });
    await expect(gone).not.toBeChecked();
    await expect(picker.getByRole('radio', { checked: true })).toHaveCount(0);

    // ADD TO CART asks for a size and adds nothing, however often it is pressed.
    const add = page.getByRole('button', { name: 'ADD TO CART' }).first();
    await add.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please choose a size' })).toBeVisible();
    await expect(picker).toHaveAttribute('aria-invalid', 'true');
    await add.click();
    await expect(page.getByText('Successfully Added')).toHaveCount(0);
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);

    // Once a size is chosen the question goes and ADD TO CART adds it.
    await pickSize(picker, inStock);
    await expect(page.getByText('Please choose a size')).toHaveCount(0);
    await add.click();
    await expect(page.getByText('Successfully Added')).toBeVisible();
    await expect(page.getByTestId('cart-badge').first()).toHaveText('1');
    await page.goto('/cart');
    await expect(page.getByRole('list', { name: 'Cart items' })).toContainText(
      variantOf(product, inStock),
    );
  });

  test('two sizes of one T-shirt are two cart lines, each with its size, and both are in the order', async ({
    page,
    request,
  }) => {
    const product = await findProduct(request, (p) => sizesInStock(p).length >= 2);
    const [first, second] = sizesInStock(product) as [string, string];
    const shopper = await registerViaApi(request, { name: 'Arjun Menon' });
    await signInAs(page, shopper, `/product-detail/${product.slug}`);

    const picker = page.getByRole('radiogroup', { name: 'Size' });
    const add = page.getByRole('button', { name: 'ADD TO CART' }).first();
    for (const size of [first, second]) {
      await pickSize(picker, size);
      await expect(page).toHaveURL(new RegExp(`[?&]size=${size}$`));
      await add.click();
    }
    await expect(page.getByTestId('cart-badge').first()).toHaveText('2');

    await page.goto('/cart');
    const lines = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
    await expect(lines).toHaveCount(2);
    for (const size of [first, second]) {
      const line = lines.filter({
        has: page.getByText(variantOf(product, size), { exact: true }),
      });
      await expect(line).toHaveCount(1);
      await expect(line).toContainText(product.name);
      await expect(
        line.getByRole('group', {
          name: `Quantity of ${product.name}, ${variantOf(product, size)}`,
        }),
      ).toContainText(/Quantity 1(?!\d)/);
    }
    await payInSandbox(page);

    const items = newestOrder(page).getByRole('list').getByRole('listitem');
    await expect(items).toHaveCount(2);
    for (const size of [first, second])
      await expect(
        items
          .filter({ hasText: product.name })
          .filter({ hasText: `${variantOf(product, size)} · Quantity: 1` }),
      ).toHaveCount(1);
  });

  test('an admin edits the stock per size in the product form; the products list and the product page show it', async ({
    page,
    request,
  }) => {
    const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
    const auth = { Authorization: `Bearer ${admin.token}` };
    const { category } = await (await request.get('/api/category/all-category')).json();
    const name = `Size Grid Tee ${Date.now().toString().slice(-6)}`;
    const created = await request.post('/api/product/create-product', {
      headers: auth,
      multipart: {
        name,
        description: 'A plain tee to count sizes with.',
        price: '499',
        category: category[0]._id,
        shipping: '1',
        sizes: JSON.stringify([
          { size: 'S', quantity: 4 },
          { size: 'M', quantity: 6 },
          { size: 'L', quantity: 8 },
        ]),
        photo: { name: 'grid.png', mimeType: 'image/png', buffer: TINY_PNG },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { product } = (await created.json()) as { product: ListedProduct };

    await signInAs(page, admin, '/dashboard/admin/product');
    await page.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/product\/.+/);
    // Made with sizes alone: one colour, Default, a row of the stock grid.
    const cell = (size: string) => page.getByLabel(`Stock of Default in ${size}`, { exact: true });
    await expect(cell('M')).toHaveValue('6');
    // S sold out, M restocked, L as it was, XL added with 3: 23 in all.
    await cell('S').fill('0');
    await cell('M').fill('12');
    await page.getByRole('checkbox', { name: 'XL', exact: true }).check();
    await cell('XL').fill('3');
    await expect(page.getByTestId('stock-total')).toHaveText('23');
    await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('23');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Product Updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/admin\/product$/);

    const card = page.getByRole('article').filter({ hasText: name });
    await expect(card).toContainText('23 in stock');
    await expect(
      card.getByRole('list', { name: `Stock per size of ${name}` }).getByRole('listitem'),
    ).toHaveText(['S 0 (low)', 'M 12', 'L 8', 'XL 3 (low)']);

    // The shop's product page: S struck through, XL low, M plenty.
    await page.goto(`/product-detail/${product.slug}`);
    const picker = page.getByRole('radiogroup', { name: 'Size' });
    await expect(picker.getByRole('radio')).toHaveCount(4);
    await expect(picker.getByRole('radio', { name: 'S (sold out)', exact: true })).toBeDisabled();
    await pickSize(picker, 'XL');
    await expect(page.getByText('Only 3 left in XL')).toBeVisible();
    await pickSize(picker, 'M');
    await expect(page.getByText('In stock', { exact: true })).toBeVisible();

    const removed = await request.delete(`/api/product/delete-product/${product._id}`, {
      headers: auth,
    });
    expect(removed.ok(), await removed.text()).toBe(true);
  });
});
