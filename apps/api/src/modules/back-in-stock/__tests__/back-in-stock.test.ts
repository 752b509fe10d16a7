/**
 * "Notify me" (docs/behaviour/back-in-stock.md): a shopper asks to be mailed when a sold-out
 * colour and size is back; refusals change nothing; asking twice is one ask; the sweep (a job
 * under its lease) mails each ask once through the SMTP server when its pair is back (an admin's
 * restock, stock given back), only for that colour, however many runners race.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { backInStockResponse } from '@repo/shared';
import { Jobs } from '../../../lib/jobs.js';
import { createRateLimits } from '../../../lib/rate-limit.js';
import { setupTestApp } from '../../../test/harness.js';
import { startSmtpPeer } from '../../auth/__tests__/smtp-peer.js';
import { restoreStock } from '../../products/index.js';
import { makeCategory, makeImage } from '../../products/__tests__/fixtures.js';
import { BackInStock } from '../back-in-stock.model.js';
import { askBackInStock } from '../subscribe.js';
import { backInStockJob, sendBackInStockMails } from '../sweep.js';

const smtp = await startSmtpPeer();
afterAll(() => smtp.stop());
const t = await setupTestApp({
  env: {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Shop <shop@example.com>',
    PUBLIC_URL: 'https://shop.example',
  },
});
const admin = await t.createAdmin();
const category = await makeCategory('Back in stock');
const jpeg = await makeImage('jpeg');

beforeEach(() => {
  smtp.mails.length = 0;
});

type Stock = Record<string, Record<string, number>>;
const coloursField = (stock: Stock) =>
  JSON.stringify(
    Object.entries(stock).map(([name, sizes], k) => ({
      name,
      hex: k ? '#f5f5f5' : '#111111',
      sizes: Object.entries(sizes).map(([size, quantity]) => ({ size, quantity })),
    })),
  );
const fields = (name: string, stock: Stock) => ({
  name,
  description: 'Soft cotton.',
  price: '599',
  category,
  colours: coloursField(stock),
});
function send(req: ReturnType<ReturnType<typeof t.request>['post']>, f: Record<string, string>) {
  req.set('Authorization', admin.auth);
  for (const [k, v] of Object.entries(f)) req.field(k, v);
  return req;
}
let count = 0;
/** A tee in Black and White made through the admin's form: its id and slug. */
async function makeTee(stock: Stock) {
  count += 1;
  const res = await send(
    t.request().post('/api/product/create-product'),
    fields(`Monsoon Tee ${count}`, stock),
  )
    .attach('photo', jpeg, 'photo.jpg')
    .expect(201);
  return {
    id: res.body.product._id as string,
    slug: res.body.product.slug as string,
    name: res.body.product.name as string,
  };
}
/** The admin's restock: the product form saved with new stock. */
const restock = (tee: { id: string; name: string }, stock: Stock) =>
  send(t.request().put(`/api/product/update-product/${tee.id}`), fields(tee.name, stock)).expect(
    200,
  );

const ask = (productId: string, body: Record<string, unknown>, auth?: string) => {
  const req = t.request().post(`/api/product/${productId}/back-in-stock`);
  if (auth) req.set('Authorization', auth);
  return req.send(body);
};
const sweep = (now = new Date()) => sendBackInStockMails(t.deps, { now });
/** The sweep's mails, handed to the SMTP server. */
async function mailed() {
  await t.deps.mailer.idle();
  return smtp.mails;
}
const to = (mail: (typeof smtp.mails)[number]) =>
  mail.to && !Array.isArray(mail.to) ? mail.to.value[0]!.address : '';

const SOLD_OUT_S = { Black: { S: 0, M: 3 }, White: { S: 0, M: 2 } };

describe('asking to be told (POST /api/product/{id}/back-in-stock)', () => {
  it('takes a sold-out colour and size with an email; asking again is the same ask', async () => {
    const tee = await makeTee(SOLD_OUT_S);
    const first = await ask(tee.id, {
      colour: 'black',
      size: 'S',
      email: ' Asha@Example.com ',
    }).expect(201);
    expect(backInStockResponse.parse(first.body)).toEqual({
      success: true,
      message: "We'll email you when Black · S is back",
    });
    const again = await ask(tee.id, {
      colour: 'Black',
      size: 'S',
      email: 'asha@example.com',
    }).expect(201);
    expect(again.body).toEqual(first.body);
    const rows = await BackInStock.find({ product: tee.id }).lean();
    expect(rows.map((r) => [r.colour, r.size, r.email, r.notifiedAt])).toEqual([
      ['Black', 'S', 'asha@example.com', null],
    ]);
  });

  it('mails a signed-in shopper at their account, without asking the address', async () => {
    const tee = await makeTee(SOLD_OUT_S);
    const shopper = await t.createUser({ email: 'meera.notify@example.com' });
    await ask(tee.id, { colour: 'White', size: 'M' }).expect(400);
    await ask(tee.id, { colour: 'White', size: 'S' }, shopper.auth).expect(201);
    const rows = await BackInStock.find({ product: tee.id }).lean();
    expect(rows.map((r) => r.email)).toEqual(['meera.notify@example.com']);
  });

  it('refuses what cannot be told, beside its field, and writes nothing', async () => {
    const tee = await makeTee(SOLD_OUT_S);
    const refusal = async (body: Record<string, unknown>, status = 400) =>
      (await ask(tee.id, body).expect(status)).body;
    expect(await refusal({ colour: 'Green', size: 'S', email: 'a@example.com' })).toMatchObject({
      success: false,
      message: 'This T-shirt does not come in Green',
      issues: [{ path: 'colour', message: 'This T-shirt does not come in Green' }],
    });
    expect(await refusal({ colour: 'Black', size: 'XL', email: 'a@example.com' })).toMatchObject({
      message: 'Black does not come in size XL',
      issues: [{ path: 'size' }],
    });
    expect(await refusal({ colour: 'Black', size: 'M', email: 'a@example.com' })).toMatchObject({
      message: 'Black · M is in stock: add it to your cart',
      issues: [{ path: 'size' }],
    });
    expect(await refusal({ colour: 'Black', size: 'S', email: 'not-an-email' })).toMatchObject({
      issues: [{ path: 'email', message: 'Enter a valid email address' }],
    });
    expect(await refusal({ colour: 'Black', size: 'S' })).toMatchObject({
      issues: [{ path: 'email', message: 'Email is required' }],
    });
    expect(await refusal({ colour: '', size: 'S', email: 'a@example.com' })).toMatchObject({
      issues: [{ path: 'colour', message: 'Choose a colour' }],
    });
    await ask('64b000000000000000000000', {
      colour: 'Black',
      size: 'S',
      email: 'a@example.com',
    }).expect(404);
    await ask('nope', { colour: 'Black', size: 'S', email: 'a@example.com' }).expect(400);
    expect(await BackInStock.countDocuments({ product: tee.id })).toBe(0);
  });

  it('is limited per address, in the database every copy shares', async () => {
    const tee = await makeTee(SOLD_OUT_S);
    const deps = { limits: createRateLimits(true), now: () => new Date() };
    const who = { address: '203.0.113.9', accountEmail: undefined };
    const body = (k: number) => ({ colour: 'Black', size: 'S', email: `guest${k}@example.com` });
    for (let k = 0; k < 30; k += 1) await askBackInStock(deps, tee.id, body(k), who);
    await expect(askBackInStock(deps, tee.id, body(30), who)).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Too many requests to be notified\. Please try again in /),
    });
    expect(await BackInStock.countDocuments({ product: tee.id })).toBe(30);
  });
});

describe('the mail when it is back', () => {
  it('mails each ask once when the admin restocks its colour and size, with a link to it', async () => {
    const tee = await makeTee(SOLD_OUT_S);
    await ask(tee.id, { colour: 'Black', size: 'S', email: 'asha.bis@example.com' }).expect(201);
    await ask(tee.id, { colour: 'Black', size: 'S', email: 'kabir.bis@example.com' }).expect(201);
    // Another colour's S stays sold out: its ask waits.
    await ask(tee.id, { colour: 'White', size: 'S', email: 'ravi.bis@example.com' }).expect(201);

    expect(await sweep()).toEqual({ mailed: 0 });
    await restock(tee, { Black: { S: 4, M: 3 }, White: { S: 0, M: 2 } });
    expect(await sweep()).toEqual({ mailed: 2 });
    expect(await sweep()).toEqual({ mailed: 0 });
    const mails = await mailed();
    expect(mails.map(to).sort()).toEqual(['asha.bis@example.com', 'kabir.bis@example.com']);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Back in stock: ${tee.name} in Black, S`);
    expect(mail.text).toContain(`Good news: ${tee.name} in Black, S is back in stock.`);
    expect(mail.text).toContain(
      `See it: https://shop.example/product-detail/${tee.slug}?colour=black&size=S`,
    );
    expect(mail.text).toContain('this is the only mail about it');
    expect(mail.text).toContain('Questions? Contact us: https://shop.example/contact');
    expect(mail.html).toContain(
      `href="https://shop.example/product-detail/${tee.slug}?colour=black&amp;size=S"`,
    );

    const rows = await BackInStock.find({ product: tee.id }).sort({ email: 1 }).lean();
    expect(rows.map((r) => [r.email, r.notifiedAt !== null])).toEqual([
      ['asha.bis@example.com', true],
      ['kabir.bis@example.com', true],
      ['ravi.bis@example.com', false],
    ]);
    // Kept 30 days after its mail, then removed by the TTL index.
    const asha = rows[0]!;
    expect(asha.expiresAt.getTime() - asha.notifiedAt!.getTime()).toBe(30 * 86_400_000);
    const ttl = (await BackInStock.collection.indexes()).find((i) => i.key.expiresAt === 1);
    expect(ttl?.expireAfterSeconds).toBe(0);

    // Sold out again, asked again: one more mail the next time it is back.
    await restock(tee, { Black: { S: 0, M: 3 }, White: { S: 0, M: 2 } });
    await ask(tee.id, { colour: 'Black', size: 'S', email: 'asha.bis@example.com' }).expect(201);
    smtp.mails.length = 0;
    await restoreStock([{ productId: tee.id, colour: 'Black', size: 'S', quantity: 1 }]);
    expect(await sweep()).toEqual({ mailed: 1 });
    expect((await mailed()).map(to)).toEqual(['asha.bis@example.com']);
  });

  it('mails when a cancelled order gives its pieces back', async () => {
    const tee = await makeTee({ Black: { S: 0, M: 1 }, White: { S: 0, M: 0 } });
    await ask(tee.id, { colour: 'White', size: 'M', email: 'nisha.bis@example.com' }).expect(201);
    await restoreStock([{ productId: tee.id, colour: 'White', size: 'M', quantity: 1 }]);
    expect(await sweep()).toEqual({ mailed: 1 });
    expect((await mailed()).map((m) => m.subject)).toEqual([
      `Back in stock: ${tee.name} in White, M`,
    ]);
  });

  it('two sweeps meeting the same asks, and two copies running the job, mail each ask once', async () => {
    const tee = await makeTee(SOLD_OUT_S);
    const askAll = async (colour: string, names: string[]) => {
      const emails = names.map((n) => `${n}.${colour.toLowerCase()}.race@example.com`);
      for (const email of emails) await ask(tee.id, { colour, size: 'S', email }).expect(201);
      return emails;
    };
    // Two sweeps at once (a copy that lost its lease midway, and its successor): the claim holds.
    const white = await askAll('White', ['one', 'two', 'three', 'four']);
    await restock(tee, { Black: { S: 0, M: 3 }, White: { S: 5, M: 2 } });
    const at = Date.now();
    await Promise.all([sweep(new Date(at)), sweep(new Date(at + 1))]);
    expect((await mailed()).map(to).sort()).toEqual([...white].sort());

    // Two copies, each with its own runner: the lease gives the job to one.
    smtp.mails.length = 0;
    const black = await askAll('Black', ['five', 'six']);
    await restock(tee, { Black: { S: 2, M: 3 }, White: { S: 5, M: 2 } });
    const copies = [0, 1].map(() =>
      new Jobs({ logger: t.deps.logger }).add(backInStockJob(t.deps)),
    );
    await Promise.all(copies.map((jobs) => jobs.tick()));
    await Promise.all(copies.map((jobs) => jobs.stop()));
    expect((await mailed()).map(to).sort()).toEqual([...black].sort());
  });
});
