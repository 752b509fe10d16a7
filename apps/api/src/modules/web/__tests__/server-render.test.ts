/**
 * The storefront's public pages rendered on the server by the built web app's own renderer
 * (apps/web/dist/server/entry-server.cjs), read as a crawler or a browser without JavaScript reads
 * them: the HTML alone, no script run. Needs the web app built (`pnpm --filter @repo/web build`;
 * the API's test task depends on it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { inlinedAnswerKey, formatRupees } from '@repo/shared/rules';
import { decrementStock } from '../../products/index.js';
import { Product } from '../../products/product.model.js';
import { Review } from '../../reviews/review.model.js';
import { refreshSummary } from '../../reviews/summary.js';
import { insertProducts, makeCategory } from '../../products/__tests__/fixtures.js';
import { setupTestApp } from '../../../test/harness.js';
import { SERVER_ENTRY } from '../server-render.js';

const webDist = fileURLToPath(new URL('../../../../../web/dist', import.meta.url));
if (!existsSync(`${webDist}/${SERVER_ENTRY}`))
  throw new Error(
    `${webDist} has no server renderer: build the web app first (pnpm --filter @repo/web build)`,
  );

const ORIGIN = 'https://shop.example.in';
const t = await setupTestApp({ env: { WEB_DIST: webDist, PUBLIC_URL: ORIGIN } });
const anime = await makeCategory('Anime');
const retro = await makeCategory('Retro');
// 14 anime tees (newest last): the category's page 2 holds the two oldest.
const animeTees = await insertProducts(
  Array.from({ length: 14 }, (_, i) => ({
    name: `Anime Tee ${i + 1}`,
    price: 400 + i,
    category: anime,
  })),
);
const [sized, retroTee] = await insertProducts([
  {
    name: 'Sized Tee',
    price: 1299,
    category: retro,
    sizes: [
      { size: 'S', quantity: 0 },
      { size: 'M', quantity: 4 },
      { size: 'L', quantity: 10 },
    ],
  },
  { name: 'Retro Cassette Tee', price: 749.5, category: retro },
]);

/** The page as a browser without JavaScript has it: the document, and the app's root in it. */
async function visit(path: string, status = 200) {
  const res = await t.request().get(path).expect(status);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  const { document } = new JSDOM(res.text).window;
  const root = document.getElementById('root')!;
  // No script in the markup: the Content Security Policy would block it (and the page with it).
  expect(root.querySelector('script')).toBeNull();
  return { html: res.text, document, root };
}

/** The product cards' names, in page order. */
const cardNames = (root: Element) =>
  [...root.querySelectorAll('article h3 a')].map((a) => a.textContent);

function expectCard(root: Element, product: { name: string; slug: string; price: number }) {
  const link = root.querySelector(`a[href="/product-detail/${product.slug}"]`);
  expect(link?.textContent, product.name).toBe(product.name);
  const card = link!.closest('article')!;
  expect(card.textContent).toContain(formatRupees(product.price));
  expect(card.querySelector('img')?.getAttribute('src')).toBe(`/uploads/${product.slug}-960.webp`);
}

const meta = (document: Document, key: string) =>
  document.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content');
const jsonLd = (document: Document) =>
  [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (s) => JSON.parse(s.textContent!) as Record<string, any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  );
/** The product page's "Sold by" row, as read. */
const soldBy = (root: Element) =>
  [...root.querySelectorAll('dt')]
    .find((dt) => dt.textContent === 'Sold by')
    ?.nextElementSibling?.textContent?.replace(/\s+/g, ' ');
const initialData = (document: Document) =>
  JSON.parse(document.getElementById('initial-data')!.textContent!) as Record<string, unknown>;

describe('server-rendered storefront pages', () => {
  it('home: the newest 12 tees with names, prices, links and photos, and the head as before', async () => {
    const { document, root } = await visit('/');
    expect(root.getAttribute('data-origin')).toBe(ORIGIN);
    const newest = [retroTee!, sized!, ...animeTees.slice(4).reverse()];
    expect(cardNames(root)).toEqual(newest.slice(0, 12).map((p) => p.name));
    for (const product of newest.slice(0, 12)) expectCard(root, product);
    expect(root.textContent).toContain('16 products');
    // The filters are there too: every category to tick.
    expect([...root.querySelectorAll('label')].map((l) => l.textContent)).toEqual(
      expect.arrayContaining(['Anime', 'Retro']),
    );
    expect(document.title).toBe('Printed T-Shirts | T-Shirt Shop');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${ORIGIN}/`,
    );
    expect(meta(document, 'og:title')).toBe('Printed T-Shirts | T-Shirt Shop');
    expect(jsonLd(document).map((d) => d['@type'])).toEqual(['Organization', 'WebSite']);
  });

  it('home with a category and page 2 from the URL: that page of that category, and its own head', async () => {
    const { document, root } = await visit(`/?category=${anime}&page=2`);
    expect(root.getAttribute('data-origin')).toBe(ORIGIN);
    // Newest first: page 2 of 14 holds the two oldest.
    expect(cardNames(root)).toEqual(['Anime Tee 2', 'Anime Tee 1']);
    expectCard(root, animeTees[1]!);
    expectCard(root, animeTees[0]!);
    expect(root.textContent).toContain('Filtered Products');
    expect(root.textContent).toContain('14 products');
    const ticked = [...root.querySelectorAll('label')].filter((l) =>
      l.querySelector('input[type="checkbox"]')?.hasAttribute('checked'),
    );
    expect(ticked.map((l) => l.textContent)).toEqual(['Anime']);
    expect(document.title).toBe('Anime T-Shirts – Page 2 | T-Shirt Shop');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${ORIGIN}/?category=${anime}&page=2`,
    );
    // Rendered from the filter's answer, inlined under the name the app asks for it by.
    const key = inlinedAnswerKey('POST', '/product/getFilter-product', {
      checked: [anime],
      radio: [],
      page: 2,
    });
    expect(initialData(document)[key]).toMatchObject({ total: 14 });
  });

  it('a product page: name, price, photo, sizes (a sold-out one struck out), and its JSON-LD', async () => {
    const { document, root } = await visit(`/product-detail/${sized!.slug}?size=S`);
    expect(root.querySelector('h1')?.textContent).toBe('Sized Tee');
    expect(root.textContent).toContain('₹1,299');
    expect(root.querySelector('img')?.getAttribute('src')).toBe(`/uploads/${sized!.slug}-960.webp`);
    // ?size=S names a sold-out size: it cannot be chosen, so none is.
    const size = (s: string) =>
      root.querySelector<HTMLInputElement>(`input[type="radio"][value="${s}"]`)!;
    expect(size('S').disabled).toBe(true);
    expect(size('M').disabled).toBe(false);
    expect(root.querySelector('input[type="radio"][checked]')).toBeNull();
    expect(root.textContent).toContain('ADD TO CART');
    expect(document.title).toBe('Sized Tee – ₹1,299 | T-Shirt Shop');
    const [product] = jsonLd(document);
    // In three sizes: a ProductGroup with a variant per size, each with its offer and stock.
    expect(product).toMatchObject({
      '@type': 'ProductGroup',
      name: 'Sized Tee',
      variesBy: ['https://schema.org/size'],
    });
    expect(
      product!.hasVariant.map((v: { size: string; offers: Record<string, string> }) => [
        v.size,
        v.offers.price,
        v.offers.availability,
        v.offers.url,
      ]),
    ).toEqual(
      [
        ['S', 'OutOfStock'],
        ['M', 'InStock'],
        ['L', 'InStock'],
      ].map(([size, stock]) => [
        size,
        '1299.00',
        `https://schema.org/${stock}`,
        `${ORIGIN}/product-detail/${sized!.slug}?size=${size}`,
      ]),
    );
  });

  it('a product page names who sells it in its Product details: marked placeholders until the admin sets them', async () => {
    const { document, root } = await visit(`/product-detail/${retroTee!.slug}`);
    expect(soldBy(root)).toBe("[Seller's name: not set yet][Seller's address: not set yet]");
    expect(root.textContent).toContain(
      'Pay online by UPI, card or net banking, or cash on delivery where available',
    );
    // Rendered from the shop's settings, inlined for the app's first render.
    expect(initialData(document)[inlinedAnswerKey('GET', '/settings/public')]).toMatchObject({
      settings: { gst: { legalName: '', address: '' } },
    });
  });

  it('a reviewed product page: its rating under the name, its first reviews in the page', async () => {
    const product = new mongoose.Types.ObjectId(retroTee!.id);
    await Review.create(
      [4, 5].map((stars, i) => ({
        product,
        user: new mongoose.Types.ObjectId(),
        order: new mongoose.Types.ObjectId(),
        size: 'M',
        author: `Buyer ${i + 1}`,
        stars,
        title: `Loved it ${i + 1}`,
        text: i ? 'The print is sharp after ten washes.' : 'Soft and true to size.',
        fit: 'true' as const,
        status: 'published' as const,
      })),
    );
    await refreshSummary(product);
    const { root, html } = await visit(`/product-detail/${retroTee!.slug}`);
    const rating = root.querySelector('a[href="#reviews"]');
    expect(rating?.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe(
      'Rated 4.5 out of 5 from 2 reviews',
    );
    expect(rating?.textContent).toBe('4.5 (2)');
    // The reviews section as a signed-out shopper sees it, so it does not grow once taken over.
    const section = root.querySelector('#reviews');
    expect(section?.querySelector('h2')?.textContent).toBe('Reviews');
    expect(section?.textContent).toContain('The print is sharp after ten washes.');
    expect(section?.textContent).toContain('Soft and true to size.');
    expect(section?.textContent).not.toContain('Loading reviews...');
    // And the answer it was rendered from, for the app's first render in the browser.
    expect(html).toContain(`"/product/${retroTee!.id}/reviews?page=1\u0026sort=newest"`);
  });

  it('a product page with a size shows that size’s stock as it is now, after every sale', async () => {
    const first = await visit(`/product-detail/${sized!.slug}?size=M`);
    expect(
      first.root.querySelector('input[type="radio"][value="M"]')?.hasAttribute('checked'),
    ).toBe(true);
    expect(first.root.textContent).toContain('Only 4 left in M');

    await decrementStock([{ productId: sized!.id, size: 'M', quantity: 1 }]);
    const after = await visit(`/product-detail/${sized!.slug}?size=M`);
    expect(after.root.textContent).toContain('Only 3 left in M');
    expect(after.root.textContent).not.toContain('Only 4 left in M');
  });

  it('a catalog change shows at once: a renamed tee has its new name on the home page', async () => {
    await Product.updateOne({ _id: retroTee!.id }, { $set: { name: 'Retro Walkman Tee' } });
    const { root } = await visit('/');
    expect(cardNames(root)[0]).toBe('Retro Walkman Tee');
    expect(cardNames(root)).not.toContain('Retro Cassette Tee');
  });

  it('search results for the keyword in the URL, not indexed', async () => {
    const { document, root } = await visit('/Search?q=anime%20tee%2014');
    expect(root.textContent).toContain('Results for "anime tee 14"');
    expect(cardNames(root)).toEqual(['Anime Tee 14']);
    expectCard(root, animeTees[13]!);
    expect(meta(document, 'robots')).toBe('noindex');
  });

  it('about and privacy: their text, with their own titles', async () => {
    const about = await visit('/about');
    expect(about.root.querySelector('h1')?.textContent).toBe('About us');
    expect(about.root.textContent).toContain('T-Shirt Shop started in 2021');
    expect(about.document.title).toBe('About | T-Shirt Shop');
    const privacy = await visit('/privacy');
    expect(privacy.root.querySelector('h1')?.textContent).toBe('Privacy Policy');
    expect(privacy.root.textContent).toContain('What we collect');
    expect(privacy.document.title).toBe('Privacy Policy | T-Shirt Shop');
  });

  it('every rendered page has the logged-out top bar and an empty cart (what the browser renders first)', async () => {
    const { root } = await visit('/about');
    const nav = root.querySelector('nav[aria-label="Main"]')!;
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Home',
      'About',
      'Cart',
      'Login',
    ]);
    expect(root.querySelector('[data-testid="cart-badge"]')).toBeNull();
  });

  it('an unknown product is still a 404 with the app shell, and no page is rendered for it', async () => {
    const { document, root } = await visit('/product-detail/no-such-tee', 404);
    expect(root.hasAttribute('data-origin')).toBe(false);
    expect(meta(document, 'robots')).toBe('noindex');
  });

  it('the server renderer itself is not served', async () => {
    // The app's not-found page, not the file.
    const res = await t.request().get(`/${SERVER_ENTRY}`).expect(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<div id="root"');
  });

  it('pages shoppers do not land on are left to the browser', async () => {
    const { root } = await visit('/cart');
    expect(root.hasAttribute('data-origin')).toBe(false);
  });

  it("a rendered page loads the app only through the take-over script, which names the app's files", async () => {
    const manifest = JSON.parse(readFileSync(`${webDist}/.vite/manifest.json`, 'utf8')) as Record<
      string,
      { file: string; name?: string; imports?: string[] }
    >;
    const app = `/${manifest['index.html']!.file}`;
    const scripts = (document: Document) =>
      [...document.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src'));
    const modulepreloads = (document: Document) =>
      document.querySelectorAll('link[rel="modulepreload"]').length;

    const home = await visit('/');
    // Only the photo is fetched up front: no script of the app's competes with it.
    expect(scripts(home.document)).toEqual([`/${manifest['src/take-over.ts']!.file}`]);
    expect(modulepreloads(home.document)).toBe(0);
    // It blocks the first paint (where browsers know how): no tap comes before it keeps taps.
    expect(home.document.querySelector('script[type="module"]')!.getAttribute('blocking')).toBe(
      'render',
    );
    expect(home.document.querySelector('link[rel="preload"][as="image"]')).not.toBeNull();
    // The app's chunks in the order they run (the take-over script runs them one per task):
    // each after the chunks it imports, the entry after all of its own, then the home page's.
    const files = home.root.getAttribute('data-app')!.split(' ');
    const fileOf = (key: string) => `/${manifest[key]!.file}`;
    const chunkOf = new Map(Object.values(manifest).map((c) => [`/${c.file}`, c]));
    for (const [at, file] of files.entries()) {
      expect(existsSync(`${webDist}${file}`), file).toBe(true);
      for (const imported of chunkOf.get(file)?.imports ?? []) {
        const importedAt = files.indexOf(fileOf(imported));
        expect(importedAt, `${imported} before ${file}`).toBeGreaterThan(-1);
        expect(importedAt, `${imported} before ${file}`).toBeLessThan(at);
      }
    }
    expect(manifest['index.html']!.imports?.length).toBeGreaterThan(1);
    // The entry and the libraries' chunk open with Chrome's compile hint (vite.config.ts).
    const hinted = Object.values(manifest).filter((c) => ['index', 'vendor'].includes(c.name!));
    expect(hinted).toHaveLength(2);
    for (const chunk of hinted)
      expect(readFileSync(`${webDist}/${chunk.file}`, 'utf8')).toMatch(
        /^\/\/# allFunctionsCalledOnLoad\n/,
      );
    const homeAt = files.indexOf(fileOf('src/app/routes/home.tsx'));
    expect(files.indexOf(app)).toBeGreaterThan(-1);
    expect(homeAt).toBeGreaterThan(files.indexOf(app));

    // A page the browser renders loads the app at once, as built.
    const cart = await visit('/cart');
    expect(scripts(cart.document)).toEqual([app]);
    expect(cart.root.hasAttribute('data-app')).toBe(false);
  });
});

describe('the launch pages (Contact, Terms, Shipping and Delivery, Returns)', () => {
  const PAGES = [
    ['/contact', 'Contact us', 'Contact'],
    ['/terms', 'Terms and Conditions', 'Terms and Conditions'],
    ['/shipping', 'Shipping and Delivery', 'Shipping and Delivery'],
    ['/returns', 'Returns, Refunds and Cancellation', 'Returns, Refunds and Cancellation'],
  ] as const;
  const text = (root: Element) => root.textContent!.replace(/\s+/g, ' ');

  it('each is rendered for a visitor signed out, with its own head, linked from the footer and in the sitemap', async () => {
    const sitemap = (await t.request().get('/sitemap.xml').expect(200)).text;
    for (const [path, heading, title] of PAGES) {
      const { document, root } = await visit(path);
      expect(root.getAttribute('data-origin'), path).toBe(ORIGIN);
      expect(root.querySelector('h1')?.textContent, path).toBe(heading);
      expect(document.title, path).toBe(`${title} | T-Shirt Shop`);
      expect(meta(document, 'description')!.length, path).toBeGreaterThan(50);
      expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href'), path).toBe(
        `${ORIGIN}${path}`,
      );
      expect(meta(document, 'robots'), path).toBeUndefined();
      expect(sitemap, path).toContain(`<loc>${ORIGIN}${path}</loc>`);
      // Every launch page links to every other from the footer.
      const footer = [...root.querySelectorAll('footer nav a')].map((a) => a.getAttribute('href'));
      expect(footer, path).toEqual(expect.arrayContaining(PAGES.map(([p]) => p)));
      // Rendered from the shop's settings, inlined for the app's first render.
      expect(initialData(document)[inlinedAnswerKey('GET', '/settings/public')], path).toEqual({
        success: true,
        settings: expect.objectContaining({ shop: expect.any(Object), gst: expect.any(Object) }),
      });
    }
  });

  it('before the admin fills in the shop’s details, each says which is not set yet; the rest comes from the settings in force', async () => {
    const contact = text((await visit('/contact')).root);
    for (const missing of [
      'Phone',
      'Email',
      'Support hours',
      'Legal name',
      'Address',
      'Grievance officer',
      'Grievance officer email',
      'Grievance officer phone',
    ])
      expect(contact).toContain(`[${missing}: not set yet]`);
    expect(text((await visit('/terms')).root)).toContain(
      'The seller is [Legal name: not set yet], of [Address: not set yet].',
    );
    const shipping = text((await visit('/shipping')).root);
    expect(shipping).toContain('Delivery is free on orders of ₹499 or more');
    expect(shipping).toContain('smaller orders pay ₹49.');
    expect(shipping).toContain('We dispatch on Monday to Saturday, except public holidays.');
    expect(shipping).toContain('An order placed before 2 pm (India time)');
    expect(shipping).toContain('Metro cities: 2–3 days');
    expect(shipping).toContain('Islands: 7–12 days (no cash on delivery)');
    expect(shipping).toContain('Everywhere else in India: 3–6 days');
    const returns = text((await visit('/returns')).root);
    expect(returns).toContain('You can return a T-shirt within 7 days of delivery');
    expect(text((await visit('/privacy')).root)).toContain(
      'Write to our support address, [Email: not set yet], and we will reply within 30 days.',
    );
  });

  it('shows the details an admin saves on the next visit, on every page', async () => {
    const admin = await t.createAdmin();
    const put = (section: string, body: object) =>
      t
        .request()
        .put(`/api/admin/settings/${section}`)
        .set('Authorization', admin.auth)
        .send(body)
        .expect(200);
    await put('shop', {
      phone: '+91 80 4567 8910',
      email: 'care@tshirtshop.in',
      supportHours: 'Monday to Saturday, 10 am to 7 pm',
      grievanceOfficerName: 'Anita Rao',
      grievanceOfficerDesignation: 'Head of Customer Care',
      grievanceOfficerEmail: 'grievance@tshirtshop.in',
      grievanceOfficerPhone: '080 4567 8911',
      returnDays: 10,
    });
    await put('gst', {
      legalName: 'Tee Prints Private Limited',
      address: '12, MG Road\nBengaluru 560001',
      state: 'Karnataka',
      gstin: '29AAGCB7383J1Z4',
    });
    await put('delivery', { feePaise: 5900, freeFromPaise: 79900, cutoff: '11:30' });

    const contact = await visit('/contact');
    const contactText = text(contact.root);
    expect(contactText).not.toContain('not set yet');
    expect(contactText).toContain('T-Shirt Shop is run by Tee Prints Private Limited.');
    expect(contact.root.querySelector('address')?.textContent).toBe(
      '12, MG Road\nBengaluru 560001\nKarnataka',
    );
    expect(contactText).toContain('GSTIN: 29AAGCB7383J1Z4');
    expect(contactText).toContain('We answer Monday to Saturday, 10 am to 7 pm');
    expect(contactText).toContain('Name: Anita Rao, Head of Customer Care');
    expect(contact.root.querySelector('a[href="tel:+918045678910"]')?.textContent).toBe(
      '+91 80 4567 8910',
    );
    expect(contact.root.querySelector('a[href="mailto:care@tshirtshop.in"]')).not.toBeNull();
    expect(contact.root.querySelector('a[href="mailto:grievance@tshirtshop.in"]')).not.toBeNull();
    expect(contact.root.querySelector('a[href="tel:08045678911"]')).not.toBeNull();

    expect(text((await visit('/terms')).root)).toContain(
      'The seller is Tee Prints Private Limited, of 12, MG Road, Bengaluru 560001, Karnataka (GSTIN 29AAGCB7383J1Z4).',
    );
    const shipping = text((await visit('/shipping')).root);
    expect(shipping).toContain('Delivery is free on orders of ₹799 or more');
    expect(shipping).toContain('smaller orders pay ₹59.');
    expect(shipping).toContain('An order placed before 11:30 am (India time)');
    expect(shipping).toContain('Sold by Tee Prints Private Limited.');
    expect(text((await visit('/returns')).root)).toContain(
      'You can return a T-shirt within 10 days of delivery',
    );
    const privacy = await visit('/privacy');
    expect(privacy.root.querySelector('a[href="mailto:care@tshirtshop.in"]')).not.toBeNull();
  });
});

describe('a product page’s seller', () => {
  it('an admin’s edit of the seller’s name and address shows on the next product page, as the server renders it', async () => {
    const admin = await t.createAdmin();
    const saveSeller = (body: object) =>
      t
        .request()
        .put('/api/admin/settings/gst')
        .set('Authorization', admin.auth)
        .send(body)
        .expect(200);
    const page = `/product-detail/${sized!.slug}`;
    await saveSeller({
      legalName: 'Inkwell Apparel Private Limited',
      address: '14 Residency Road\nBengaluru 560025',
      state: 'Karnataka',
      gstin: '', // a GSTIN names its state: none, so the state can change
    });
    expect(soldBy((await visit(page)).root)).toBe(
      'Inkwell Apparel Private Limited, 14 Residency Road, Bengaluru 560025, Karnataka',
    );
    await saveSeller({
      legalName: 'Sahyadri Threads LLP',
      address: '3 FC Road\nPune 411004',
      state: 'Maharashtra',
      gstin: '',
    });
    const after = await visit(page);
    expect(soldBy(after.root)).toBe('Sahyadri Threads LLP, 3 FC Road, Pune 411004, Maharashtra');
    expect(after.html).not.toContain('Inkwell');
  });
});

// Last in the file: the products it adds would change the counts the pages above show.
describe('the home page filtered by colour', () => {
  it('?colour= renders only the tees in stock in that colour, that colour chosen among the swatches, from the inlined answer', async () => {
    const dyed = await makeCategory('Dyed');
    const [teal, both] = await insertProducts([
      {
        name: 'Deep Teal Only Tee',
        price: 500,
        category: dyed,
        colours: [{ name: 'Deep Teal', hex: '#0F5E63', sizes: [{ size: 'M', quantity: 2 }] }],
      },
      {
        name: 'Teal And Rust Tee',
        price: 520,
        category: dyed,
        colours: [
          { name: 'Rust Orange', hex: '#B7410E', sizes: [{ size: 'M', quantity: 3 }] },
          { name: 'Deep Teal', hex: '#0F5E63', sizes: [{ size: 'L', quantity: 1 }] },
        ],
      },
      {
        name: 'Teal Sold Out Tee',
        price: 540,
        category: dyed,
        colours: [
          { name: 'Rust Orange', hex: '#B7410E', sizes: [{ size: 'M', quantity: 3 }] },
          { name: 'Deep Teal', hex: '#0F5E63', sizes: [{ size: 'M', quantity: 0 }] },
        ],
      },
    ]);
    const { document, root } = await visit('/?colour=deep-teal');
    expect(root.getAttribute('data-origin')).toBe(ORIGIN);
    expect(cardNames(root)).toEqual([both!.name, teal!.name]);
    expect(root.textContent).toContain('Filtered Products');
    expect(root.textContent).toContain('2 products');
    const colourChoices = [...root.querySelectorAll('input[type="radio"][name="colour"]')].map(
      (input) => [input.closest('label')!.textContent, input.hasAttribute('checked')],
    );
    expect(colourChoices).toEqual(
      expect.arrayContaining([
        ['Any', false],
        ['Deep Teal', true],
        ['Rust Orange', false],
      ]),
    );
    const key = inlinedAnswerKey('POST', '/product/getFilter-product', {
      checked: [],
      radio: [],
      page: 1,
      colour: 'deep-teal',
    });
    expect(initialData(document)[key]).toMatchObject({ total: 2 });
    expect(initialData(document)['/product/colours']).toMatchObject({
      colours: expect.arrayContaining([{ name: 'Deep Teal', hex: '#0F5E63', key: 'deep-teal' }]),
    });
  });
});
