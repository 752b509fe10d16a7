/**
 * The demo catalog's pictures are drawn on their first request (demo-pictures.ts): the seed
 * draws none, each width is drawn once, stored in the uploads folder and served like an upload;
 * two copies drawing the same picture at once give the same bytes.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { slugify } from '../../lib/slug.js';
import { checkedRequest } from '../../test/contract.js';
import { fakeWebDist, setupTestApp } from '../../test/harness.js';
import { DEMO_PRODUCTS } from '../demo-catalog.js';
import { seedIfEmpty } from '../index.js';

const t = await setupTestApp({ env: { WEB_DIST: fakeWebDist() } });
const uploads = t.config.uploadsDir;
const files = () => (existsSync(uploads) ? readdirSync(uploads) : []);
// A second copy of the shop on the same database and the same (shared) uploads folder, as a
// second worker or replica would be.
const other = () => checkedRequest(createApp(t.deps));

const sakura = DEMO_PRODUCTS.find((p) => p.name === 'Sakura Drift Tee')!;
await seedIfEmpty(t.deps, [sakura]);

interface Image {
  url: string;
  alt: string;
  widths: Array<{ width: number; url: string }>;
}
const res = await t.request().get(`/api/product/get-product/${slugify(sakura.name)}`);
const colours = (res.body as { Aproduct: { colours: Array<{ name: string; images: Image[] }> } })
  .Aproduct.colours;
const [front, , closeUp] = colours[0]!.images as [Image, Image, Image];

describe('demo pictures drawn on their first request', () => {
  it('are named at the seed, not drawn: no file until a picture is asked for', () => {
    expect(colours.flatMap((c) => c.images).length).toBeGreaterThanOrEqual(9);
    expect(files()).toEqual([]);
  });

  it('draw a width once for two copies asked at once: the same bytes, stored, with the headers of an upload', async () => {
    const url = front.widths.find((w) => w.width === 640)!.url;
    const [a, b, c] = await Promise.all([
      t.request().get(url).buffer(true),
      t.request().get(url).buffer(true),
      other().get(url).buffer(true),
    ]);
    for (const r of [a, b, c]) {
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('image/webp');
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(Buffer.compare(a.body as Buffer, b.body as Buffer)).toBe(0);
    expect(Buffer.compare(a.body as Buffer, c.body as Buffer)).toBe(0);
    expect(await sharp(a.body as Buffer).metadata()).toMatchObject({
      format: 'webp',
      width: 640,
      height: 640,
    });
    // Stored whole (no temporary file left), only the width asked for.
    const name = url.slice('/uploads/'.length);
    expect(files()).toEqual([name]);
    expect(Buffer.compare(readFileSync(join(uploads, name)), a.body as Buffer)).toBe(0);

    // Afterwards it is a stored file like any upload.
    const again = await other().get(url).buffer(true).expect(200);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(again.body as Buffer, a.body as Buffer)).toBe(0);
  });

  it('draw the same bytes again where the file is missing (a replica with its own folder)', async () => {
    const url = closeUp.widths.find((w) => w.width === 320)!.url;
    const first = await t.request().get(url).buffer(true).expect(200);
    rmSync(join(uploads, url.slice('/uploads/'.length)));
    const second = await other().get(url).buffer(true).expect(200);
    expect(Buffer.compare(first.body as Buffer, second.body as Buffer)).toBe(0);
  });

  it('answer HEAD, and 404 (not the web app) for a width not made or a name not drawn', async () => {
    const url = front.widths.find((w) => w.width === 320)!.url;
    const head = await t.request().head(url).expect(200);
    expect(head.headers['content-type']).toBe('image/webp');
    for (const missing of [
      url.replace(/-320\.webp$/, '-480.webp'),
      url.replace(/-[0-9a-f]{12}-320\.webp$/, '-000000000000-320.webp'),
      '/uploads/no-such-photo-320.webp',
    ]) {
      const r = await t.request().get(missing).expect(404);
      expect(r.text, missing).not.toContain('<div id="root">');
    }
  });

  it("draw the picture a product's share picture needs", async () => {
    const r = await t
      .request()
      .get(`/share/product/${slugify(sakura.name)}.png`)
      .buffer(true)
      .expect(200);
    expect(r.headers['content-type']).toBe('image/png');
    expect(files()).toContain(front.url.slice('/uploads/'.length));
  });

  it('show each view as a different picture of the same colour', async () => {
    const fabricAt = async (url: string, left: number, top: number) => {
      const r = await t.request().get(url).buffer(true).expect(200);
      const { data } = await sharp(r.body as Buffer)
        .extract({ left, top, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return [...data.subarray(0, 3)];
    };
    const white = colours.find((c) => c.name === 'White')!;
    const black = colours.find((c) => c.name === 'Black')!;
    // The close-up's corner is all fabric; the front's corner is the studio backdrop.
    const at320 = (i: Image) => i.widths[0]!.url;
    const closeUps = [white, black].map((c) => at320(c.images[2]!));
    const [whiteCorner, blackCorner] = await Promise.all(closeUps.map((u) => fabricAt(u, 4, 4)));
    expect(Math.min(...whiteCorner!)).toBeGreaterThan(150);
    expect(Math.max(...blackCorner!)).toBeLessThan(80);
  });
});
