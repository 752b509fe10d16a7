/**
 * "Notify me" (docs/behaviour/back-in-stock.md): a guest asks to be told when a sold-out size
 * of a tee is back; the admin restocks it; the mail arrives once, and its link opens the
 * product page on that size. Its own T-shirt and email.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import {
  ADMIN,
  holdTheApp,
  loginViaApi,
  notTakenOver,
  test,
  TINY_PNG,
  uniqueEmail,
  type ListedProduct,
  type Session,
} from './support.js';

/** The back-in-stock mails in the shop's outbox to `email`, decoded (quoted-printable). */
function backInStockMails(email: string): string[] {
  const outbox = join(process.env.E2E_DATA_DIR!, 'outbox');
  const safe = email.replace(/[^a-z0-9@._-]/gi, '_');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((f) => f.includes(safe));
  } catch {
    return []; // no mail sent yet
  }
  return files
    .map((f) =>
      readFileSync(join(outbox, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    )
    .filter((m) => /Subject: Back in stock/.test(m));
}

/** A tee of the spec's own in M (5 left) and L (sold out), and its restock of L by the admin. */
async function makeTee(request: APIRequestContext, admin: Session, name: string) {
  const auth = { Authorization: `Bearer ${admin.token}` };
  const { category } = await (await request.get('/api/category/all-category')).json();
  const fields = {
    name,
    description: 'A tee that sells out.',
    price: '649',
    category: category[0]._id,
    shipping: '1',
  };
  const stock = (l: number) =>
    JSON.stringify([
      { size: 'M', quantity: 5 },
      { size: 'L', quantity: l },
    ]);
  const created = await request.post('/api/product/create-product', {
    headers: auth,
    multipart: {
      ...fields,
      sizes: stock(0),
      photo: { name: 'notify.png', mimeType: 'image/png', buffer: TINY_PNG },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { product } = (await created.json()) as { product: ListedProduct };
  const restock = async () => {
    const res = await request.put(`/api/product/update-product/${product._id}`, {
      headers: auth,
      multipart: { ...fields, sizes: stock(3) },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  return { product, restock };
}

test('a shopper asks to be told about a sold-out size; the admin restocks; one mail opens it', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString().slice(-6);
  const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
  const { product, restock } = await makeTee(request, admin, `Notify Tee ${stamp}`);
  const email = uniqueEmail('notify');

  await page.goto(`/product-detail/${product.slug}`);
  await expect(page.getByRole('radio', { name: 'L (sold out)' })).toBeDisabled();
  await page.getByRole('button', { name: 'Size sold out? Notify me' }).click();
  const panel = page.getByRole('region', { name: 'Notify me when it’s back' });
  await expect(panel.getByLabel('Size')).toHaveValue('L');
  await panel.getByRole('button', { name: 'Notify me' }).click();
  await expect(panel.getByText('Email is required')).toBeVisible();
  await panel.getByLabel('Email').fill(email);
  await panel.getByRole('button', { name: 'Notify me' }).click();
  await expect(panel.getByRole('status')).toHaveText(
    "We'll email you when Size L is back. One mail, only then.",
  );
  expect(backInStockMails(email)).toEqual([]);

  await restock();
  // The sweep runs every 15 s in whichever copy holds its lease.
  await expect
    .poll(() => backInStockMails(email).length, {
      message: 'the back-in-stock mail',
      timeout: 90_000,
    })
    .toBe(1);
  const mail = backInStockMails(email)[0]!;
  expect(mail).toContain(`Good news: Notify Tee ${stamp} in size L is back in stock.`);
  expect(mail).toContain('this is the only mail about it');
  const link = /See it: (\S+)/.exec(mail)![1]!;
  const { pathname, search } = new URL(link);
  expect(`${pathname}${search}`).toBe(`/product-detail/${product.slug}?size=L`);

  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole('radio', { name: 'L', exact: true })).toBeChecked();
  await expect(page.getByRole('button', { name: /Notify me/ })).toHaveCount(0);
});

test.describe('before the app has taken the page over', () => {
  test.use({ viewport: { width: 360, height: 740 }, waitForTakeOver: false });

  test('a tap on Notify me shows busy and opens the form once the app is in', async ({
    page,
    request,
  }) => {
    const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
    const { product } = await makeTee(request, admin, `Early Notify ${Date.now() % 1e6}`);
    const takeOver = await holdTheApp(page);
    await page.goto(`/product-detail/${product.slug}`);
    await notTakenOver(page);
    const notify = page.getByRole('button', { name: 'Size sold out? Notify me' });
    await notify.click();
    await expect(notify).toHaveAttribute('aria-busy', 'true');
    await takeOver();
    await expect(page.getByRole('region', { name: 'Notify me when it’s back' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
  });
});
