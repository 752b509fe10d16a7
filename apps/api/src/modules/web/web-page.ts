/**
 * The web app's page (the built index.html) as a visit gets it. For the pages shoppers land on
 * most, the home page and a product page, the server adds what the browser would otherwise
 * learn only after downloading and running the app's JavaScript:
 * - `<link rel="modulepreload">` for the route's own chunks (from Vite's manifest), so they
 *   load beside the entry instead of after it;
 * - the catalog answers the page asks for first, inlined as JSON in `#initial-data` for the
 *   current catalog version; the app takes each once instead of fetching it (the web app's
 *   lib/api-client.ts), so the first row of products shows with the first render;
 * - a preload of the largest image (the first product's photo), with the srcset and sizes
 *   the page renders it with, so it downloads while the JavaScript does.
 * Every page gets its own head (seo.ts: title, description, canonical, Open Graph, JSON-LD,
 * noindex) and status: 404 for a path the app does not have or a product that does not exist.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { slugParams } from '@repo/shared';
import { CARD_IMAGE_SIZES, DETAIL_IMAGE_SIZES } from '@repo/shared/constants';
import { landingPageOf, srcSetOf, type LandingPage } from '@repo/shared/rules';
import type { CatalogRead, CatalogReader } from '../../lib/cached-read.js';
import type { CatalogVersion } from '../../lib/catalog-version.js';
import { catalogVersion } from '../../lib/catalog-version.js';
import { allCategoriesRead, listCategories } from '../categories/index.js';
import { productReads } from '../products/index.js';
import { headTags, pageMeta, withHead, type Listing, type ProductForSeo } from './seo.js';

interface Manifest {
  [key: string]: { file: string; imports?: string[]; isEntry?: boolean };
}

/** One inlined answer: the API path the app asks (relative to /api) and the read behind it. */
interface Inline {
  path: string;
  read: CatalogRead;
}

interface Landing {
  /** The route module in Vite's manifest. */
  module: string;
  /** The answers to inline for this landing page; undefined when it is not this one. */
  inline: (page: LandingPage, search: string) => Inline[] | undefined;
  /** The largest image: photos and `sizes` from the inlined answers. */
  image: (
    answers: Map<string, unknown>,
  ) =>
    { photo?: string; photos?: Array<{ url: string; width: number }>; sizes: string } | undefined;
}

type Photo = { photo?: string; photos?: Array<{ url: string; width: number }> };

const LANDINGS: Landing[] = [
  {
    module: 'src/app/routes/home.tsx',
    // Filters and later pages in the query ask for other answers: the app fetches those.
    inline: (page, search) =>
      page.page === 'home' && search === ''
        ? [
            { path: '/category/all-category', read: allCategoriesRead },
            { path: '/product/get-product-count', read: productReads.count() },
            { path: '/product/productList/1', read: productReads.listPage(1) },
          ]
        : undefined,
    image: (answers) => {
      const first = (answers.get('/product/productList/1') as { prod?: Photo[] } | undefined)
        ?.prod?.[0];
      return first && { ...first, sizes: CARD_IMAGE_SIZES };
    },
  },
  {
    module: 'src/app/routes/product-detail.tsx',
    inline: (page) => {
      if (page.page !== 'product') return undefined;
      const { slug } = page;
      if (slug === null || !slugParams.safeParse({ slug }).success) return [];
      // The path exactly as the app builds it (encodeURIComponent of the slug).
      return [
        {
          path: `/product/get-product/${encodeURIComponent(slug)}`,
          read: productReads.bySlug(slug),
        },
      ];
    },
    image: (answers) => {
      const [answer] = answers.values();
      const product = (answer as { Aproduct?: Photo } | undefined)?.Aproduct;
      return product && { ...product, sizes: DETAIL_IMAGE_SIZES };
    },
  },
];

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The chunks a route module needs beyond what the entry already loads, as URL paths. */
function routeChunks(manifest: Manifest, module: string): string[] {
  const loaded = new Set<string>();
  const visit = (key: string, into: Set<string>) => {
    const item = manifest[key];
    if (!item || into.has(item.file)) return;
    into.add(item.file);
    for (const dep of item.imports ?? []) visit(dep, into);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (entryKey) visit(entryKey, loaded);
  const needed = new Set<string>();
  visit(module, needed);
  return [...needed].filter((file) => !loaded.has(file)).map((file) => `/${file}`);
}

export interface WebPage {
  /** The page's status and HTML for this URL, with absolute URLs on `origin`. */
  page(origin: string, pathname: string, search: string): Promise<{ status: number; html: string }>;
}

export function createWebPage(webDist: string, shopName: string, catalog: CatalogReader): WebPage {
  const template = readFileSync(join(webDist, 'index.html'), 'utf8');
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest)
    : {};
  const preloads = new Map(
    LANDINGS.map((l) => [
      l,
      routeChunks(manifest, l.module)
        .map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttr(href)}">`)
        .join(''),
    ]),
  );
  /**
   * Finished pages by URL (with the origin their links name) in the catalog cache: a page is
   * built once per version.
   */
  const pages = {
    get: (version: string, key: string) =>
      catalog.cache.get<{ status: number; html: string }>(version, `page ${key}`),
    set: (version: string, key: string, page: { status: number; html: string }) =>
      catalog.cache.set(version, `page ${key}`, page, page.html.length * 2),
  };

  /** The product a product page shows: null when there is none, undefined when not looked up. */
  const productOf = (landing: Landing, answers: Map<string, unknown>, inline: Inline[]) => {
    if (!landing.module.endsWith('product-detail.tsx')) return undefined;
    if (!inline.length) return null;
    const [answer] = answers.values();
    return ((answer as { Aproduct?: ProductForSeo } | undefined)?.Aproduct ??
      null) as ProductForSeo | null;
  };

  /**
   * What a home page URL lists, for its head: one known category and/or a later page. Other
   * filters (prices, sizes, several categories) have the plain home page as their canonical.
   */
  async function listingOf(search: string): Promise<Listing> {
    const query = new URLSearchParams(search);
    const page = Number.parseInt(query.get('page') ?? '', 10);
    const ids = (query.get('category') ?? '').split(',').filter(Boolean);
    if (query.has('price') || query.has('size') || ids.length > 1) return { page: 1 };
    const category = ids.length
      ? (await listCategories().catch(() => [])).find((c) => String(c._id) === ids[0])
      : undefined;
    if (ids.length && !category) return { page: 1 };
    return {
      ...(category && { category: { _id: String(category._id), name: category.name } }),
      page: Number.isFinite(page) && page > 1 ? page : 1,
    };
  }

  function render(
    origin: string,
    pathname: string,
    body: string,
    product?: ProductForSeo | null,
    listing?: Listing,
  ) {
    const meta = pageMeta(shopName, pathname, product, listing);
    return { status: meta.status, html: withHead(body, headTags(meta, origin, shopName)) };
  }

  async function build(
    version: CatalogVersion,
    landing: Landing,
    inline: Inline[],
  ): Promise<{ body: string; product: ProductForSeo | null | undefined }> {
    const texts = new Map<string, string>();
    for (const { path, read } of inline) {
      // The API's own answer, from the catalog cache. A read that fails (e.g. no such
      // product) is left to the app, which shows it.
      const text = await catalog.text(version, read).catch(() => undefined);
      if (text !== undefined) texts.set(path, text);
    }
    const answers = new Map([...texts].map(([path, text]) => [path, JSON.parse(text) as unknown]));
    const image = landing.image(answers);
    const imageLink = image?.photo
      ? `<link rel="preload" as="image" href="${escapeAttr(image.photo)}"${
          image.photos?.length
            ? ` imagesrcset="${escapeAttr(srcSetOf(image.photos)!)}" imagesizes="${escapeAttr(image.sizes)}"`
            : ''
        } fetchpriority="high">`
      : '';
    // JSON inside <script>: "<" escaped, so no text in it can close the element.
    const data = texts.size
      ? `<script type="application/json" id="initial-data">{${[...texts]
          .map(([path, text]) => `${JSON.stringify(path)}:${text}`)
          .join(',')
          .replace(/</g, '\\u003c')}}</script>`
      : '';
    // Replacer functions: a "$" in a product's text must not act as a replacement pattern.
    const body = template
      .replace('</head>', () => `${imageLink}${preloads.get(landing)}</head>`)
      .replace('</body>', () => `${data}</body>`);
    return { body, product: productOf(landing, answers, inline) };
  }

  return {
    async page(origin, pathname, search) {
      const landingPage = landingPageOf(pathname);
      for (const landing of LANDINGS) {
        const inline = landingPage && landing.inline(landingPage, search);
        if (inline === undefined) continue;
        // Without the database the page still works: the app fetches (and shows the error).
        const version = await catalogVersion().catch(() => undefined);
        if (version === undefined) return render(origin, pathname, template);
        const key = `${origin}${pathname}${search}`;
        // Current for the stock too: the page inlines it and its head says what is in stock.
        let built = pages.get(version.current, key);
        if (built === undefined) {
          const { body, product } = await build(version, landing, inline);
          built = render(origin, pathname, body, product);
          pages.set(version.current, key, built);
        }
        return built;
      }
      if (landingPage?.page === 'home') {
        // A filtered or later home page: its head names the category and page.
        const version = await catalogVersion().catch(() => undefined);
        const key = `${origin}/${search}`;
        // Its head names categories only: current for the catalog, whatever the stock.
        const cached = version === undefined ? undefined : pages.get(version.catalog, key);
        if (cached) return cached;
        const built = render(origin, pathname, template, undefined, await listingOf(search));
        if (version !== undefined) pages.set(version.catalog, key, built);
        return built;
      }
      return render(origin, pathname, template);
    },
  };
}
