/**
 * What search engines and chat links read from a page before any JavaScript runs: a title and
 * description per page, the canonical URL, Open Graph and Twitter tags, JSON-LD structured data
 * (schema.org Product/Offer, or ProductGroup with a variant per colour and size, and
 * BreadcrumbList on product pages, with AggregateRating and a few
 * Reviews once the product has published reviews, Organization/WebSite with a
 * SearchAction on the home page), `noindex` where a page is personal or a search, and the
 * status (404 for a path the app does not have or a product that does not exist).
 * Also robots.txt and the sitemap (sitemap.ts).
 */
import { DEFAULT_COLOUR, ONE_SIZE } from '@repo/shared/constants';
import { colourKey, formatRupees, mrpDiscount } from '@repo/shared/rules';
import { isAppPage } from '@repo/shared/rules/app-pages';

export interface ProductForSeo {
  _id: string;
  name: string;
  slug: string;
  description: string;
  price: number;
  /** The sum of `sizes`. */
  quantity: number;
  sizes?: Array<{ size: string; quantity: number }>;
  /** Each colour's photos and stock per size (the product read answers every photo). */
  colours?: Array<{
    name: string;
    images?: Array<{ url: string; widths?: Array<{ width: number; url: string }> }>;
    sizes: Array<{ size: string; quantity: number }>;
  }>;
  photo: string;
  photos?: Array<{ width: number; url: string }>;
  category: { _id: string; name: string };
  /** Rupees incl. of all taxes: the Offer's strikethrough price when above the price. */
  mrp?: number;
  countryOfOrigin?: string;
  fabric?: string;
  gsm?: number;
  fit?: string;
  washCare?: string;
  /** The published reviews' average and count (product reads carry it). */
  rating?: { average: number; count: number };
  /** A few published reviews, most helpful first (the reviews module's topReviews). */
  reviews?: ReviewForSeo[];
}

export interface ReviewForSeo {
  author: string;
  stars: number;
  title: string;
  text: string;
  /** ISO date and time. */
  createdAt: string;
}

/** What the home page lists, from its query: one category's listing and the page number. */
export interface Listing {
  category?: { _id: string; name: string };
  page: number;
}

export interface PageMeta {
  status: 200 | 404;
  title: string;
  description: string;
  /** Path and query of the canonical URL (absolute once the origin is known). */
  canonical?: string;
  robots?: 'noindex';
  ogType: 'website' | 'product';
  image?: string;
  jsonLd: object[];
}

/** The site's description; apps/web/index.html carries the same words. */
const SITE_DESCRIPTION =
  // No "free delivery": orders under the threshold pay a fee (the delivery settings).
  'Printed T-shirts for every mood, in rupees incl. of all taxes: browse prints, pick a tee in your size and have it delivered across India.';

/** Pages a visitor may land on that search engines should not list. */
const NOINDEX = /^\/(search|cart|login|register|forgotpassword|dashboard|order-placed)(\/|$)/i;

const STATIC_PAGES: Record<string, { title: string; description: string }> = {
  '/about': {
    title: 'About',
    description: 'Who we are and why we print T-shirts: the story behind the shop.',
  },
  '/contact': {
    title: 'Contact',
    description:
      'Reach the shop by phone or email for orders, sizes and anything else; who sells, and the grievance officer.',
  },
  '/terms': {
    title: 'Terms and Conditions',
    description:
      'The terms you buy on: who sells, prices and payment, orders, delivery, returns and how disputes are settled.',
  },
  '/shipping': {
    title: 'Shipping and Delivery',
    description:
      'What delivery costs, when your order leaves and how many days it takes to reach you, anywhere in India.',
  },
  '/returns': {
    title: 'Returns, Refunds and Cancellation',
    description:
      'Cancelling an order, returning a T-shirt that does not fit, damaged or wrong items, and when refunds reach you.',
  },
  '/privacy': {
    title: 'Privacy Policy',
    description:
      'What data the shop collects (name, email, address, orders and interactions), why, and how to ask for it to be updated or deleted.',
  },
  '/search': { title: 'Search Results', description: 'Search the shop’s printed T-shirts.' },
  '/cart': { title: 'Cart', description: 'The T-shirts in your cart.' },
  '/login': { title: 'Login', description: 'Sign in to your account.' },
  '/register': { title: 'Register', description: 'Create an account to pay and follow orders.' },
  '/forgotpassword': {
    title: 'Forgot Password',
    description: 'Reset your password with a code sent by email.',
  },
};

const clip = (text: string, max = 160) => {
  const plain = text.replace(/\s+/g, ' ').trim();
  return plain.length <= max ? plain : `${plain.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
};

/** The sizes a shopper can buy now (none named for a One size tee). */
const sizesInStock = (product: ProductForSeo) =>
  (product.sizes ?? []).filter((s) => s.quantity > 0 && s.size !== ONE_SIZE).map((s) => s.size);

/** A rating on the 1–5 scale reviews use. */
const ratingValue = (value: number) => ({ ratingValue: value, bestRating: 5, worstRating: 1 });

/**
 * The product's AggregateRating and Reviews from its published reviews; nothing before the first
 * (search engines refuse a rating without reviews).
 */
function reviewsData(product: ProductForSeo): object {
  const { rating, reviews = [] } = product;
  if (!rating?.count) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ...ratingValue(rating.average),
      reviewCount: rating.count,
    },
    ...(reviews.length && {
      review: reviews.map((r) => ({
        '@type': 'Review',
        author: { '@type': 'Person', name: r.author },
        datePublished: r.createdAt.slice(0, 10),
        reviewRating: { '@type': 'Rating', ...ratingValue(r.stars) },
        ...(r.title && { name: r.title }),
        ...(r.text && { reviewBody: r.text }),
      })),
    }),
  };
}

/**
 * The garment's facts where schema.org has a property for them (material, countryOfOrigin),
 * the rest (fabric weight, fit, wash care) as PropertyValues.
 */
function garmentData(product: ProductForSeo): object {
  const more = [
    product.gsm !== undefined && {
      '@type': 'PropertyValue',
      name: 'Fabric weight',
      value: product.gsm,
      unitText: 'GSM',
    },
    product.fit && { '@type': 'PropertyValue', name: 'Fit', value: product.fit },
    product.washCare && { '@type': 'PropertyValue', name: 'Wash care', value: product.washCare },
  ].filter(Boolean);
  return {
    ...(product.fabric && { material: product.fabric }),
    ...(product.countryOfOrigin && {
      countryOfOrigin: { '@type': 'Country', name: product.countryOfOrigin },
    }),
    ...(more.length && { additionalProperty: more }),
  };
}

/** The MRP as the Offer's strikethrough price, only when it is above the price. */
function strikethroughPrice(product: ProductForSeo): object {
  const discount = mrpDiscount(product.price, product.mrp);
  if (!discount) return {};
  return {
    priceSpecification: {
      '@type': 'UnitPriceSpecification',
      priceType: 'https://schema.org/StrikethroughPrice',
      price: discount.mrp.toFixed(2),
      priceCurrency: 'INR',
    },
  };
}

/** From stock: none left, some sizes sold out, or every size to be had. */
function availability(product: ProductForSeo): 'OutOfStock' | 'LimitedAvailability' | 'InStock' {
  if (product.quantity <= 0) return 'OutOfStock';
  return product.sizes?.some((s) => s.quantity <= 0) ? 'LimitedAvailability' : 'InStock';
}

/** A photo at its largest width. */
const largest = (photos: Array<{ width: number; url: string }> | undefined, url: string) =>
  photos?.length ? photos.reduce((a, b) => (b.width > a.width ? b : a)).url : url;

/**
 * The product as schema.org reads a T-shirt sold in colours and sizes: one `Product` variant per
 * colour and size, each with its own sku, photo (its colour's first), page URL (the product page
 * opened on it, ?colour=&size=) and Offer (available from that pair's stock). Empty when there is
 * one variant (one colour in One size): the product is then a plain Product.
 */
function variantsData(product: ProductForSeo, url: string, image: string) {
  const colours = product.colours ?? [];
  const pairs = colours.flatMap((c) => c.sizes.map((s) => ({ colour: c, ...s })));
  if (pairs.length < 2) return undefined;
  // "Default" is no colour worth naming; One size no size (the line rules: variantLabel).
  const named = (name: string) => name !== DEFAULT_COLOUR.name;
  const sized = pairs.some((p) => p.size !== ONE_SIZE);
  const coloured = colours.some((c) => named(c.name));
  const variesBy = [
    ...(coloured ? ['https://schema.org/color'] : []),
    ...(sized ? ['https://schema.org/size'] : []),
  ];
  const hasVariant = pairs.map(({ colour, size, quantity }) => {
    const query = new URLSearchParams();
    if (colours.length > 1) query.set('colour', colourKey(colour.name));
    if (size !== ONE_SIZE) query.set('size', size);
    const variantUrl = query.size ? `${url}?${query.toString()}` : url;
    const said = [named(colour.name) && colour.name, size !== ONE_SIZE && size].filter(Boolean);
    const first = colour.images?.[0];
    return {
      '@type': 'Product',
      name: said.length ? `${product.name} – ${said.join(', ')}` : product.name,
      sku: [product._id, named(colour.name) && colourKey(colour.name), size !== ONE_SIZE && size]
        .filter(Boolean)
        .join('-'),
      image: first ? largest(first.widths, first.url) : image,
      ...(named(colour.name) && { color: colour.name }),
      ...(size !== ONE_SIZE && { size }),
      offers: {
        '@type': 'Offer',
        url: variantUrl,
        price: product.price.toFixed(2),
        priceCurrency: 'INR',
        availability: `https://schema.org/${quantity > 0 ? 'InStock' : 'OutOfStock'}`,
        itemCondition: 'https://schema.org/NewCondition',
      },
    };
  });
  return { productGroupID: product._id, url, variesBy, hasVariant };
}

export function pageMeta(
  shopName: string,
  pathname: string,
  product: ProductForSeo | null | undefined,
  listing: Listing = { page: 1 },
): PageMeta {
  const base = { ogType: 'website' as const, jsonLd: [] as object[] };
  // The app's pages (the web router's list, shared): anything else is its not-found page, a 404.
  if (!isAppPage(pathname))
    return {
      ...base,
      status: 404,
      title: `Page Not Found | ${shopName}`,
      description: SITE_DESCRIPTION,
      robots: 'noindex',
    };

  if (pathname === '/' && (listing.category || listing.page > 1)) {
    // A category's listing and later pages are pages of their own, each with its own URL.
    const { category, page } = listing;
    const query = new URLSearchParams();
    if (category) query.set('category', category._id);
    if (page > 1) query.set('page', String(page));
    const pageText = page > 1 ? ` – Page ${page}` : '';
    return {
      ...base,
      status: 200,
      title: `${category ? `${category.name} T-Shirts` : 'Printed T-Shirts'}${pageText} | ${shopName}`,
      description: category
        ? `${category.name} printed T-shirts${pageText ? `, page ${page}` : ''}: browse the prints and pick a tee, in rupees incl. of all taxes, delivered across India.`
        : `${SITE_DESCRIPTION.replace(/\.$/, '')} (page ${page}).`,
      canonical: `/?${query.toString()}`,
    };
  }

  if (pathname === '/') {
    return {
      ...base,
      status: 200,
      title: `Printed T-Shirts | ${shopName}`,
      description: SITE_DESCRIPTION,
      canonical: '/',
      jsonLd: [
        { '@type': 'Organization', name: shopName, url: '/', logo: '/favicon.svg' },
        {
          '@type': 'WebSite',
          name: shopName,
          url: '/',
          potentialAction: {
            '@type': 'SearchAction',
            target: { '@type': 'EntryPoint', urlTemplate: '/Search?q={search_term_string}' },
            'query-input': 'required name=search_term_string',
          },
        },
      ],
    };
  }

  if (/^\/product-detail\//i.test(pathname)) {
    // undefined: not looked up (the database is away): let the app show what it finds.
    if (product === null)
      return {
        ...base,
        status: 404,
        title: `Product not found | ${shopName}`,
        description: SITE_DESCRIPTION,
        robots: 'noindex',
      };
    if (product === undefined)
      return { ...base, status: 200, title: shopName, description: SITE_DESCRIPTION };
    const url = `/product-detail/${encodeURIComponent(product.slug)}`;
    const image = largest(product.photos, product.photo);
    const variants = variantsData(product, url, image);
    return {
      status: 200,
      title: `${product.name} – ${formatRupees(product.price)} | ${shopName}`,
      description: clip(product.description),
      canonical: url,
      ogType: 'product',
      image: `/share/product/${encodeURIComponent(product.slug)}.png`,
      jsonLd: [
        {
          // In several colours or sizes: a ProductGroup of its variants (variantsData).
          '@type': variants ? 'ProductGroup' : 'Product',
          name: product.name,
          description: clip(product.description, 500),
          image: [image],
          ...(!variants && { sku: product._id }),
          category: product.category.name,
          ...(!variants && sizesInStock(product).length && { size: sizesInStock(product) }),
          ...garmentData(product),
          brand: { '@type': 'Brand', name: shopName },
          ...(variants ?? {
            offers: {
              '@type': 'Offer',
              url,
              price: product.price.toFixed(2),
              priceCurrency: 'INR',
              ...strikethroughPrice(product),
              availability: `https://schema.org/${availability(product)}`,
              itemCondition: 'https://schema.org/NewCondition',
            },
          }),
          ...reviewsData(product),
        },
        {
          '@type': 'BreadcrumbList',
          itemListElement: [
            { '@type': 'ListItem', position: 1, name: 'Home', item: '/' },
            {
              '@type': 'ListItem',
              position: 2,
              name: product.category.name,
              item: `/?category=${product.category._id}`,
            },
            { '@type': 'ListItem', position: 3, name: product.name, item: url },
          ],
        },
      ],
    };
  }

  const key = pathname.replace(/\/$/, '').toLowerCase();
  const known = STATIC_PAGES[key];
  const noindex = NOINDEX.test(pathname);
  return {
    ...base,
    status: 200,
    title: `${known?.title ?? 'Your account'} | ${shopName}`,
    description: known?.description ?? SITE_DESCRIPTION,
    ...(noindex ? { robots: 'noindex' as const } : { canonical: key }),
  };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON-LD keys holding text (a name, a review), never a URL even when they start with "/". */
const TEXT_KEYS = new Set([
  'query-input',
  'name',
  'description',
  'reviewBody',
  'material',
  'value',
]);

/** Relative URLs inside JSON-LD made absolute against the origin. */
function absolutize(value: unknown, origin: string): unknown {
  if (typeof value === 'string') return value.startsWith('/') ? origin + value : value;
  if (Array.isArray(value)) return value.map((v) => absolutize(v, origin));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, TEXT_KEYS.has(k) ? v : absolutize(v, origin)]),
    );
  return value;
}

/** The page's head tags: title, description, canonical, robots, Open Graph, Twitter, JSON-LD. */
export function headTags(meta: PageMeta, origin: string, shopName: string): string {
  const abs = (path: string) => (path.startsWith('/') ? origin + path : path);
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
  ];
  if (meta.robots) tags.push(`<meta name="robots" content="${meta.robots}">`);
  if (meta.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(abs(meta.canonical))}">`);
  const og: Record<string, string | undefined> = {
    'og:site_name': shopName,
    'og:title': meta.title,
    'og:description': meta.description,
    'og:url': meta.canonical && abs(meta.canonical),
    'og:type': meta.ogType,
    'og:image': abs(meta.image ?? '/share/site.png'),
    'og:image:width': '1200',
    'og:image:height': '630',
    'og:locale': 'en_IN',
  };
  for (const [property, content] of Object.entries(og))
    if (content) tags.push(`<meta property="${property}" content="${escapeHtml(content)}">`);
  tags.push(
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(abs(meta.image ?? '/share/site.png'))}">`,
  );
  for (const data of meta.jsonLd) {
    const json = JSON.stringify({
      '@context': 'https://schema.org',
      ...(absolutize(data, origin) as object),
    });
    // "<" escaped: no text in it can close the element.
    tags.push(`<script type="application/ld+json">${json.replace(/</g, '\\u003c')}</script>`);
  }
  return tags.join('');
}

/** The built page's own title and description give way to the page's, where its title was. */
export function withHead(template: string, head: string): string {
  const page = template.replace(/<meta\s+name="description"[^>]*>/i, '');
  return /<title>[\s\S]*?<\/title>/i.test(page)
    ? page.replace(/<title>[\s\S]*?<\/title>/i, () => head)
    : page.replace('</head>', () => `${head}</head>`);
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Disallow: /cart',
    'Disallow: /login',
    'Disallow: /register',
    'Disallow: /forgotpassword',
    'Disallow: /dashboard',
    'Disallow: /Search',
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
