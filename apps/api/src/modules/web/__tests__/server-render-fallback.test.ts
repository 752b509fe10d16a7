/**
 * When the server renderer fails, the visitor still gets the page: the app shell as built (for
 * the browser to render), with its head and status, never an error page; the failure is logged.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../lib/logger.js';
import { insertProducts, makeCategory } from '../../products/__tests__/fixtures.js';
import { setupTestApp } from '../../../test/harness.js';
import { SERVER_ENTRY } from '../server-render.js';

// A built web app in miniature whose server renderer throws on every render.
const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
const SHELL = '<div id="root"><header>Shop shell</header></div>';
writeFileSync(
  join(webDist, 'index.html'),
  `<!doctype html><html><head><title>Shop</title></head><body>${SHELL}</body></html>`,
);
mkdirSync(join(webDist, 'server'));
writeFileSync(
  join(webDist, SERVER_ENTRY),
  `exports.render = async () => { throw new Error('the renderer broke'); };`,
);

const logLines: string[] = [];
const t = await setupTestApp({
  env: { WEB_DIST: webDist },
  overrides: () => ({
    logger: createLogger('info', { write: (line) => void logLines.push(line) }),
  }),
});
const category = await makeCategory('Anime');
const [tee] = await insertProducts([{ name: 'Fallback Tee', price: 499, category }]);

const renderFailures = () =>
  logLines
    .map((line) => JSON.parse(line) as { msg?: string; err?: { message?: string }; url?: string })
    .filter((entry) => entry.msg?.startsWith('server render failed'));

describe('a failing server render', () => {
  it('serves the app shell with the page’s head and status, and logs the failure', async () => {
    const res = await t.request().get('/about').expect(200);
    expect(res.text).toContain(SHELL);
    expect(res.text).not.toContain('data-origin');
    expect(res.text).toContain('<title>About | T-Shirt Shop</title>');
    expect(renderFailures()).toEqual([
      expect.objectContaining({ err: expect.objectContaining({ message: 'the renderer broke' }) }),
    ]);
  });

  it('still inlines a product page’s answer for the app to render in the browser', async () => {
    const res = await t.request().get(`/product-detail/${tee!.slug}`).expect(200);
    expect(res.text).toContain(SHELL);
    expect(res.text).toContain('<script type="application/json" id="initial-data">');
    expect(res.text).toContain('Fallback Tee');
    expect(
      renderFailures().some((f) => f.url?.endsWith(`/product-detail/${tee!.slug}`)),
      'the failed render of the product page is logged',
    ).toBe(true);
  });
});
