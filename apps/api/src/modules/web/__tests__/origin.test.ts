/**
 * Without PUBLIC_URL (local use; production refuses to start without it) the Host header goes
 * into canonical URLs, Open Graph, robots.txt and the sitemap only when it names this machine as
 * the shop answers to it: a Host a client made up never reaches a page or a cached file.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/index.js';
import { insertProducts, makeCategory } from '../../products/__tests__/fixtures.js';
import { setupTestApp } from '../../../test/harness.js';

const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(
  join(webDist, 'index.html'),
  `<!doctype html><html><head><meta name="description" content="built"><title>Built</title></head><body><div id="root"></div></body></html>`,
);
const t = await setupTestApp({ env: { WEB_DIST: webDist, PORT: '3000' } });
const [tee] = await insertProducts([
  { name: 'Host Tee', price: 499, category: await makeCategory('Hosts') },
]);

const get = (path: string, host: string) => t.request().get(path).set('Host', host);

describe('the shop origin without PUBLIC_URL', () => {
  it('is never a Host a client made up: robots.txt, the sitemap and a page fall back to localhost', async () => {
    for (const host of [
      'evil.example',
      'evil.example:3000',
      'localhost.evil.example',
      'localhost:3000@evil.example',
    ]) {
      const robots = await get('/robots.txt', host).expect(200);
      expect(robots.text, host).toContain('Sitemap: http://localhost:3000/sitemap.xml');
      expect(robots.text, host).not.toContain('evil');
      const sitemap = await get('/sitemap.xml', host).expect(200);
      expect(sitemap.text, host).toContain(
        `<loc>http://localhost:3000/product-detail/${tee!.slug}</loc>`,
      );
      expect(sitemap.text, host).not.toContain('evil');
      const page = await get(`/product-detail/${tee!.slug}`, host).expect(200);
      expect(page.text, host).toContain(
        `<link rel="canonical" href="http://localhost:3000/product-detail/${tee!.slug}"`,
      );
      expect(page.text, host).not.toContain('evil');
    }
  });

  it('is the Host when it names this machine (another port included, as the dev server sends)', async () => {
    for (const host of ['localhost:5173', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST']) {
      const robots = await get('/robots.txt', host).expect(200);
      expect(robots.text, host).toContain(`Sitemap: http://${host.toLowerCase()}/sitemap.xml`);
    }
  });

  it('is required in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: webDist })).toThrow(
      /PUBLIC_URL: required when NODE_ENV=production/,
    );
  });
});
