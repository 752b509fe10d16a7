/**
 * The web app's page (the built index.html) as a visit gets it. The storefront's public pages
 * (home with its filters and page, a product page, search results, about, privacy, and the
 * launch pages with the shop's details: contact, terms, shipping, returns) come rendered on the
 * server, and the browser takes them over:
 * - the app's root holds the page's markup from the web app's own server renderer
 *   (server-render.ts), so names, prices, links and photos are there before any JavaScript
 *   runs; the root's `data-origin` tells the app that it is server markup to take over;
 * - one script, the web app's take-over script (src/take-over.ts) in place of the app's entry:
 *   it loads the app's chunks and the route's own (named in the root's `data-app` in the order
 *   they run, from Vite's manifest) side by side once the page's main photo is painted, so on a slow connection the
 *   app's code does not hold the photo back; the app then takes the page over. A page the server
 *   could not render keeps the app's entry, with `<link rel="modulepreload">` for those chunks;
 * - the answers the page was rendered from, inlined as JSON in `#initial-data` (the same
 *   reads the API answers, named by inlinedAnswerKey): the app renders its first render from
 *   them, so it is the server's, and asks for none of them again;
 * - a preload of the largest image (the first product's photo), with the srcset and sizes the
 *   page renders it with.
 * Every page gets its own head (seo.ts: title, description, canonical, Open Graph, JSON-LD,
 * noindex) and status: 404 for a path the app does not have or a product that does not exist,
 * 301 to a renamed product's address from one it had (its query kept).
 *
 * Cached in the catalog cache: a finished page per URL for the catalog and stock versions it
 * shows (a page showing products is made again when their stock may have moved, so it never
 * shows stale stock) and, on a page showing the shop's details (the launch pages, a product
 * page's seller), for the settings version, which every save of the settings moves on (so an
 * admin's edit shows on the next visit, and the page's ETag, made from its bytes, moves on with
 * it); and the rendered markup per URL for the exact answers it was rendered from
 * (a sale of another product does not render the page again). Without the server renderer, a
 * failed render, a failed read or the database away, the page is the app shell as built, for the
 * browser to render.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { filterProductsBody, pageParams, searchParams, slugParams } from '@repo/shared';
import { CARD_IMAGE_SIZES, DETAIL_IMAGE_SIZES } from '@repo/shared/constants';
import {
  catalogFilterOf,
  inlinedAnswerKey,
  landingPageOf,
  parseCatalogParams,
  productDetailPath,
  searchKeywordOf,
  SHOP_DETAILS_PAGES,
  srcSetOf,
} from '@repo/shared/rules';
import type { CatalogRead, CatalogReader } from '../../lib/cached-read.js';
import { catalogVersion, type CatalogVersion } from '../../lib/catalog-version.js';
import { allCategoriesRead } from '../categories/index.js';
import { productReads } from '../products/index.js';
import { firstReviewsRead, topReviews } from '../reviews/index.js';
import { publicSettingsAnswer } from '../settings/index.js';
import { headTags, pageMeta, withHead, type Listing, type ProductForSeo } from './seo.js';
import type { ServerRenderer } from './server-render.js';

interface Manifest {
  [key: string]: { file: string; imports?: string[]; isEntry?: boolean };
}

/** One inlined answer: its name (inlinedAnswerKey of the call the app makes) and the read behind it. */
interface Inline {
  key: string;
  read: CatalogRead;
}

type Photo = { photo?: string; photos?: Array<{ url: string; width: number }> };

/** A page the server renders. */
interface RenderedPage {
  /** The route module in Vite's manifest: its chunks are preloaded. */
  module: string;
  /** The answers the page asks for first: inlined, and rendered from. */
  inline: Inline[];
  /** Whether the server renders it: not when the app must ask for what it shows itself. */
  render: boolean;
  /** The largest image: photo and `sizes`, from the answers. */
  image?: (answers: unknown[]) => (Photo & { sizes: string }) | undefined;
  /** A product page: the product its head describes (null when there is none). */
  product?: true;
  /** What the page asks for next, from its first answers (a product's reviews, by its id). */
  then?: (answers: unknown[]) => Inline[];
  /** It shows the shop's settings (SHOP_DETAILS): kept for their version too. */
  settings?: true;
}

/** The category list's answer: the home page's first. */
const CATEGORIES = '/category/all-category';

/** The static pages the server renders: their route modules. */
const STATIC_PAGES: Record<string, string> = {
  '/about': 'src/app/routes/about.tsx',
  '/privacy': 'src/app/routes/privacy.tsx',
  '/contact': 'src/app/routes/contact.tsx',
  '/terms': 'src/app/routes/terms.tsx',
  '/shipping': 'src/app/routes/shipping.tsx',
  '/returns': 'src/app/routes/returns.tsx',
};

/**
 * The shop's public settings, as `GET /api/settings/public` answers: the launch pages show the
 * shop's details, a product page its seller. Kept for the settings version, which every save
 * moves on, so an admin's edit shows on the next page.
 */
const SHOP_DETAILS: Inline = {
  key: '/settings/public',
  read: { key: 'settings public', compute: publicSettingsAnswer, settings: true },
};

/** The first product card's photo of a home page: the list's or the filter's answer. */
const firstCard = (answers: unknown[]) => {
  for (const answer of answers) {
    const { prod, filterProduct } = answer as { prod?: Photo[]; filterProduct?: Photo[] };
    const first = (prod ?? filterProduct)?.[0];
    if (first) return { ...first, sizes: CARD_IMAGE_SIZES };
  }
  return undefined;
};

/**
 * What the server renders at this URL, and the answers it renders from (what the app's
 * landing queries ask for: the web app's features/catalog/api/seed-landing-page.ts, by the
 * same shared rules); undefined for a page left to the browser. A call the API would refuse
 * (a page past 100,000, a keyword too long) is not inlined: the app asks for it and shows why.
 */
function renderedPage(pathname: string, search: string): RenderedPage | undefined {
  const query = new URLSearchParams(search);
  const landing = landingPageOf(pathname);
  if (landing?.page === 'home') {
    const params = parseCatalogParams(query);
    const filter = catalogFilterOf(params);
    const body = filter && filterProductsBody.safeParse(filter);
    const list: Inline[] = body
      ? body.success
        ? [
            {
              key: inlinedAnswerKey('POST', '/product/getFilter-product', filter),
              read: productReads.filter(body.data),
            },
          ]
        : []
      : pageParams.safeParse({ page: params.page }).success
        ? [
            { key: '/product/get-product-count', read: productReads.count() },
            {
              key: `/product/productList/${params.page}`,
              read: productReads.listPage(params.page),
            },
          ]
        : [];
    return {
      module: 'src/app/routes/home.tsx',
      inline: [
        { key: CATEGORIES, read: allCategoriesRead },
        { key: '/product/colours', read: productReads.colours() },
        ...list,
      ],
      render: list.length > 0,
      image: firstCard,
    };
  }
  if (landing?.page === 'product') {
    const { slug } = landing;
    const valid = slug !== null && slugParams.safeParse({ slug }).success;
    return {
      module: 'src/app/routes/product-detail.tsx',
      // The path exactly as the app builds it (encodeURIComponent of the slug).
      inline: valid
        ? [
            {
              key: `/product/get-product/${encodeURIComponent(slug)}`,
              read: productReads.bySlug(slug),
            },
          ]
        : [],
      render: valid,
      image: ([answer]) => {
        const product = (answer as { Aproduct?: Photo } | undefined)?.Aproduct;
        return product && { ...product, sizes: DETAIL_IMAGE_SIZES };
      },
      product: true,
      // The reviews section's first page, as the app asks for it (features/reviews), and who
      // sells it (the shop's settings, for its Product details): the server renders them, so
      // the page does not grow under a shopper once taken over.
      then: ([answer]) => {
        const id = (answer as { Aproduct?: { _id?: unknown } } | undefined)?.Aproduct?._id;
        if (id === undefined) return [];
        return [
          {
            key: `/product/${encodeURIComponent(String(id))}/reviews?page=1&sort=newest`,
            read: firstReviewsRead(String(id)),
          },
          SHOP_DETAILS,
        ];
      },
      settings: true,
    };
  }
  const keyword = searchKeywordOf(pathname, query);
  if (keyword !== undefined) {
    const parsed = searchParams.safeParse({ keyword });
    return {
      module: 'src/app/routes/search.tsx',
      inline: parsed.success
        ? [
            {
              key: `/product/search/${encodeURIComponent(keyword)}`,
              read: productReads.search(parsed.data.keyword),
            },
          ]
        : [],
      render: parsed.success,
    };
  }
  const module = STATIC_PAGES[pathname];
  if (!module) return undefined;
  const settings = SHOP_DETAILS_PAGES.includes(pathname);
  return {
    module,
    inline: settings ? [SHOP_DETAILS] : [],
    render: true,
    ...(settings && { settings: true }),
  };
}

/** How many reviews a product page's JSON-LD names. */
const SEO_REVIEWS = 3;

/**
 * The product with its most helpful published reviews, for its JSON-LD (null when there is no
 * product). A failed read leaves them out: the page still has the rest.
 */
async function withTopReviews(product: ProductForSeo | undefined): Promise<ProductForSeo | null> {
  if (!product) return null;
  if (!product.rating?.count) return product;
  const reviews = await topReviews(String(product._id), SEO_REVIEWS).catch(() => []);
  return { ...product, reviews };
}

/**
 * The versions a page is current for: a page showing products is current for their stock too
 * (inlined, rendered, in its head), any other for the catalog (its layout); one showing the
 * shop's details for the settings as well.
 */
function pageVersion(route: RenderedPage, version: CatalogVersion): string {
  const at = route.inline.some((i) => !i.read.settings) ? version.current : version.catalog;
  return route.settings ? `${at} ${version.settings}` : at;
}

const parse = (text: string) => JSON.parse(text) as unknown;

/** The product page's path now, when the product read for this old path has another slug. */
function movedTo(pathname: string, answer: string | undefined): string | undefined {
  const landing = landingPageOf(pathname);
  if (answer === undefined || landing?.page !== 'product' || landing.slug === null) return;
  const slug = (parse(answer) as { Aproduct?: { slug?: unknown } }).Aproduct?.slug;
  return typeof slug === 'string' && slug !== landing.slug ? productDetailPath(slug) : undefined;
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The app's root in the built page, with the shell it paints before the app runs. */
const ROOT = /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/;

/** The built page's preloads of the entry's chunks (Vite writes one per imported chunk). */
const MODULE_PRELOADS = /<link rel="modulepreload"[^>]*>\s*/g;

/** The app's entry in Vite's manifest (index.html's module script). */
const APP_ENTRY = 'index.html';
/** The script a server-rendered page loads instead (apps/web/src/take-over.ts). */
const TAKE_OVER_ENTRY = 'src/take-over.ts';

/** A manifest entry's chunk files, each after the chunks it imports: the order they run in. */
function chunksInRunOrder(
  manifest: Manifest,
  key: string,
  seen = new Set<string>(),
  order: string[] = [],
): string[] {
  const item = manifest[key];
  if (!item || seen.has(key)) return order;
  seen.add(key);
  for (const dep of item.imports ?? []) chunksInRunOrder(manifest, dep, seen, order);
  order.push(item.file);
  return order;
}

/** The app's chunks, the entry last, as URL paths in the order they run. */
function appChunks(manifest: Manifest): string[] {
  return chunksInRunOrder(manifest, APP_ENTRY).map((file) => `/${file}`);
}

/** The chunks a route module needs beyond what the entry already loads, as URL paths. */
function routeChunks(manifest: Manifest, module: string): string[] {
  const loaded = new Set(chunksInRunOrder(manifest, APP_ENTRY));
  return chunksInRunOrder(manifest, module)
    .filter((file) => !loaded.has(file))
    .map((file) => `/${file}`);
}

/** A page's answer: its status and HTML, or a permanent redirect to `location` (absolute). */
export interface PageAnswer {
  status: number;
  html: string;
  location?: string;
}

export interface WebPage {
  /** The page's status and HTML for this URL, with absolute URLs on `origin`. */
  page(origin: string, pathname: string, search: string): Promise<PageAnswer>;
}

export function createWebPage(
  webDist: string,
  shopName: string,
  catalog: CatalogReader,
  renderer: ServerRenderer,
): WebPage {
  const template = readFileSync(join(webDist, 'index.html'), 'utf8');
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest)
    : {};
  const chunks = new Map<string, string[]>();
  const chunksOf = (module: string) => {
    let files = chunks.get(module);
    if (files === undefined) {
      files = routeChunks(manifest, module);
      chunks.set(module, files);
    }
    return files;
  };
  const preloadsOf = (module: string) =>
    chunksOf(module)
      .map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttr(href)}">`)
      .join('');
  const scriptOf = (key: string) =>
    manifest[key] && `<script type="module" crossorigin src="/${manifest[key].file}"></script>`;
  const appScript = scriptOf(APP_ENTRY);
  const entryChunks = appChunks(manifest);
  // Render-blocking (where the browser knows the attribute): the page is not painted before
  // its script runs, so no tap can come before the script keeps taps (kept-taps.ts). It is
  // fetched beside the CSS, which blocks the first paint anyway, and runs in a few milliseconds.
  const takeOverScript = scriptOf(TAKE_OVER_ENTRY)?.replace(
    '<script ',
    '<script blocking="render" ',
  );
  /**
   * Whether a rendered page can load the app after its main photo (take-over.ts): its script
   * in place of the app's, which it loads with the page's chunks named in the root's data-app.
   */
  const canTakeOver = !!appScript && !!takeOverScript && template.includes(appScript);
  // A rendered page's: the take-over script in place of the app's, and none of the app's chunks
  // preloaded (Vite preloads the entry's imports): they would share the line with the photo.
  const takeOverTemplate = canTakeOver
    ? template.replace(appScript, () => takeOverScript).replace(MODULE_PRELOADS, '')
    : template;
  const canRender = ROOT.test(template);

  /** Finished pages and rendered markup by URL (with the origin their links name). */
  const cached = <T>(kind: string) => ({
    get: (version: string, key: string) => catalog.cache.get<T>(version, `${kind} ${key}`),
    set: (version: string, key: string, value: T, chars: number) =>
      catalog.cache.set(version, `${kind} ${key}`, value, chars * 2),
  });
  const pages = cached<PageAnswer>('page');
  const markups = cached<string>('markup');

  /**
   * What a home page URL lists, for its head: one known category (from the inlined category
   * list) and/or a later page. Other filters (prices, sizes, several categories) have the plain
   * home page as their canonical.
   */
  function listingOf(search: string, categoriesAnswer: unknown): Listing {
    const query = new URLSearchParams(search);
    const page = Number.parseInt(query.get('page') ?? '', 10);
    const ids = (query.get('category') ?? '').split(',').filter(Boolean);
    if (query.has('price') || query.has('size') || ids.length > 1) return { page: 1 };
    const categories =
      (categoriesAnswer as { category?: Array<{ _id: string; name: string }> } | undefined)
        ?.category ?? [];
    const category = ids.length ? categories.find((c) => String(c._id) === ids[0]) : undefined;
    if (ids.length && !category) return { page: 1 };
    return {
      ...(category && { category: { _id: String(category._id), name: category.name } }),
      page: Number.isFinite(page) && page > 1 ? page : 1,
    };
  }

  function withMeta(
    origin: string,
    pathname: string,
    body: string,
    product?: ProductForSeo | null,
    listing?: Listing,
  ) {
    const meta = pageMeta(shopName, pathname, product, listing);
    return { status: meta.status, html: withHead(body, headTags(meta, origin, shopName)) };
  }

  /** The root's markup for this URL from these answers: rendered once for the same answers. */
  async function markupOf(url: string, texts: Map<string, string>, answers: unknown[]) {
    const version = createHash('sha1')
      .update([...texts].flat().join('\0'))
      .digest('base64url');
    let markup = markups.get(version, url);
    if (markup === undefined) {
      const inlined = Object.fromEntries([...texts.keys()].map((key, i) => [key, answers[i]]));
      markup = await renderer.render(url, inlined);
      if (markup !== undefined) markups.set(version, url, markup, markup.length);
    }
    return markup;
  }

  async function build(
    origin: string,
    pathname: string,
    search: string,
    route: RenderedPage,
    version: CatalogVersion,
  ): Promise<PageAnswer> {
    const texts = new Map<string, string>();
    const readAll = async (inline: Inline[]) => {
      for (const { key, read } of inline) {
        // The API's own answer, from the catalog cache. A read that fails (e.g. no such
        // product) is left to the app, which shows it.
        const text = await catalog.text(version, read).catch(() => undefined);
        if (text !== undefined) texts.set(key, text);
      }
    };
    await readAll(route.inline);
    // An address the product had before a rename: the read answered the product, whose slug
    // is its address now.
    const moved = route.product && movedTo(pathname, texts.values().next().value);
    if (moved) return { status: 301, html: '', location: `${origin}${moved}${search}` };
    let complete = texts.size === route.inline.length;
    const next = complete ? (route.then?.([...texts.values()].map(parse)) ?? []) : [];
    await readAll(next);
    complete &&= texts.size === route.inline.length + next.length;
    const answers = [...texts.values()].map(parse);
    const url = `${origin}${pathname}${search}`;
    const markup =
      canRender && route.render && complete ? await markupOf(url, texts, answers) : undefined;

    const image = route.image?.(answers);
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
          .map(([key, text]) => `${JSON.stringify(key)}:${text}`)
          .join(',')
          .replace(/</g, '\\u003c')}}</script>`
      : '';
    // Replacer functions: a "$" in a product's text must not act as a replacement pattern.
    // A rendered page preloads only its photo: its script loads the app once that is painted.
    const takeOver = markup !== undefined && canTakeOver;
    let body = (takeOver ? takeOverTemplate : template).replace(
      '</head>',
      () => `${imageLink}${takeOver ? '' : preloadsOf(route.module)}</head>`,
    );
    if (markup !== undefined) {
      const app = takeOver
        ? ` data-app="${escapeAttr([...entryChunks, ...chunksOf(route.module)].join(' '))}"`
        : '';
      body = body.replace(
        ROOT,
        () => `<div id="root" data-origin="${escapeAttr(origin)}"${app}>${markup}</div>`,
      );
    }
    body = body.replace('</body>', () => `${data}</body>`);

    const product = route.product
      ? await withTopReviews((answers[0] as { Aproduct?: ProductForSeo } | undefined)?.Aproduct)
      : undefined;
    const listing =
      landingPageOf(pathname)?.page === 'home'
        ? listingOf(search, texts.has(CATEGORIES) ? answers[0] : undefined)
        : undefined;
    return withMeta(origin, pathname, body, product, listing);
  }

  return {
    async page(origin, pathname, search) {
      const route = renderedPage(pathname, search);
      if (!route) return withMeta(origin, pathname, template);
      // Without the database the page still works: the app fetches (and shows the error).
      const version = await catalogVersion().catch(() => undefined);
      if (version === undefined) return withMeta(origin, pathname, template);
      const key = `${origin}${pathname}${search}`;
      const at = pageVersion(route, version);
      let built = pages.get(at, key);
      if (built === undefined) {
        built = await build(origin, pathname, search, route, version);
        pages.set(at, key, built, built.html.length);
      }
      return built;
    },
  };
}
