/**
 * The home page's filters and page as its URL says them (?category=id1,id2&price=500-700&size=M
 * &colour=bottle-green&page=2), and the catalog call they ask for. The web app reads its URL with this rule, and the
 * API renders and prepares the same page with it, so both ask the same question.
 */
import {
  COLOUR_NAME_MAX,
  PRICE_RANGES,
  SIZES,
  type PriceRange,
  type Size,
} from '../constants/index.js';
import { colourKey } from './stock.js';

export interface CatalogParams {
  checked: string[];
  /** The chosen price range's id (PRICE_RANGES), if any. */
  priceId: string | undefined;
  /** Only products with stock left in this size. */
  size: Size | undefined;
  /** Only products with stock left in this colour: its key (`bottle-green`). */
  colour: string | undefined;
  page: number;
}

/** The body of `POST /product/getFilter-product`. */
export interface CatalogFilter {
  /** Category ids (several allowed). */
  checked: string[];
  /** One [min, max] price pair, or empty. */
  radio: PriceRange | readonly [];
  page: number;
  /** Only products with stock left in this size (left out when any size will do). */
  size?: Size;
  /** Only products with stock left in this colour, by its key (with `size`: that size of it). */
  colour?: string;
}

const OBJECT_ID = /^[0-9a-f]{24}$/;
/** A colour's key: what colourKey makes of a name a product may have. */
const COLOUR_KEY = /^[\p{L}\p{N}][\p{L}\p{N}'&().-]*$/u;

/** The URL's filters; values that cannot be right (not an id, an unknown price or size, a page below 1) are dropped. */
export function parseCatalogParams(params: URLSearchParams): CatalogParams {
  const checked = (params.get('category') ?? '')
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter((id) => OBJECT_ID.test(id));
  const priceId = PRICE_RANGES.find((r) => r.id === params.get('price'))?.id;
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const size = SIZES.find((s) => s === params.get('size'));
  const colour = colourKey(params.get('colour') ?? '');
  return {
    checked: [...new Set(checked)],
    priceId,
    size,
    colour: colour.length <= COLOUR_NAME_MAX && COLOUR_KEY.test(colour) ? colour : undefined,
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** The filter call the params ask for, or undefined when they ask for the plain paged list. */
export function catalogFilterOf({
  checked,
  priceId,
  size,
  colour,
  page,
}: CatalogParams): CatalogFilter | undefined {
  const range = PRICE_RANGES.find((r) => r.id === priceId)?.range;
  if (!checked.length && !range && !size && !colour) return undefined;
  return {
    checked,
    radio: range ?? [],
    page,
    ...(size ? { size } : {}),
    ...(colour ? { colour } : {}),
  };
}

/**
 * The name of an API answer inlined in a page (`#initial-data`): a GET's path (relative to
 * /api), a POST's method, path and JSON body. The API names what it inlines with it and the web
 * app's client looks its calls up with it.
 */
export function inlinedAnswerKey(method: string, path: string, body?: unknown): string {
  return method === 'GET' ? path : `${method} ${path} ${JSON.stringify(body ?? null)}`;
}
