/** The product form's values, and how they travel: multipart fields the API parses. */
import type { Product } from '@repo/shared';
import { ONE_SIZE, SIZES, type Size } from '@repo/shared/constants';
import { DEFAULT_COUNTRY_OF_ORIGIN } from '@repo/shared/constants/forms';
import { isOneSize } from '@repo/shared/rules';

/** A photo chosen for a colour on the create form, sent once the product exists. */
export interface ChosenPhoto {
  /** Stable while the photos are reordered (React's key). */
  key: string;
  file: File;
  /** As typed; null: not typed yet, so the default (product, colour, view) is sent. */
  alt: string | null;
  /** Its place among the colour's photos when chosen: what it likely shows (PHOTO_VIEWS). */
  view: number;
}

/** A colour row of the form: name, swatch and the stock typed in each size's cell. */
export interface ColourRow {
  /** Stable while rows are added, moved and removed: the saved colour's id, else a new one. */
  key: string;
  /** The colour's id when the product has it already (a rename keeps its photos). */
  _id?: string;
  name: string;
  /** `#RRGGBB` from the swatch picker. */
  hex: string;
  /** Stock as typed per size ('' : not made in that size); One size: the `ONE_SIZE` cell. */
  stock: Partial<Record<Size | typeof ONE_SIZE, string>>;
  /** Photos chosen on the create form, in order (the update form saves them one call at a time). */
  photos: ChosenPhoto[];
}

export interface ProductFormValues {
  name: string;
  description: string;
  /** Kept as typed; the server parses and checks numbers. */
  price: string;
  /** The sizes it is made in (the grid's columns); none ticked means One size. */
  sizes: Size[];
  /** The colours in the order shoppers see them, each with its stock per size. */
  colours: ColourRow[];
  /** "1" Yes, "0" No (default No). */
  shipping: '0' | '1';
  /** The category's id, '' for none. */
  category: string;
  /** A new photo, or null (optional when updating): the first colour's main photo. */
  photo: File | null;
  /** The product's facts, as typed ('' : none; the server parses and checks them). */
  mrp: string;
  countryOfOrigin: string;
  fabric: string;
  gsm: string;
  /** One of PRODUCT_FITS, '' for none. */
  fit: string;
  washCare: string;
}

/** The facts' fields, sent as typed: '' removes a fact (country of origin: back to India). */
export const FACT_FIELDS = ['mrp', 'countryOfOrigin', 'fabric', 'gsm', 'fit', 'washCare'] as const;

let made = 0;
/** A key no other row or photo of this page has (rows and photos are never keyed by place). */
export const newKey = () => `new-${++made}`;

/** A new colour row: black, nothing in stock yet, no photos. */
export const newColourRow = (name = ''): ColourRow => ({
  key: newKey(),
  name,
  hex: '#111111',
  stock: {},
  photos: [],
});

/** How a row is named in the controls: its name, or "Colour 2" until it has one. */
export const colourLabel = (c: Pick<ColourRow, 'name'>, i: number) =>
  c.name.trim() || `Colour ${i + 1}`;

/** `list` with its item at `at` moved `by` places (−1 earlier, 1 later). */
export function moved<T>(list: readonly T[], at: number, by: number): T[] {
  const next = [...list];
  const [item] = next.splice(at, 1);
  next.splice(at + by, 0, item!);
  return next;
}

export const emptyProductForm: ProductFormValues = {
  name: '',
  description: '',
  price: '',
  sizes: [],
  colours: [newColourRow('Black')],
  shipping: '0',
  category: '',
  photo: null,
  mrp: '',
  countryOfOrigin: DEFAULT_COUNTRY_OF_ORIGIN,
  fabric: '',
  gsm: '',
  fit: '',
  washCare: '',
};

export function productFormValues(product: Product): ProductFormValues {
  const oneSize = isOneSize(product);
  return {
    name: product.name,
    description: product.description,
    price: String(product.price),
    sizes: oneSize ? [] : SIZES.filter((size) => product.sizes.some((s) => s.size === size)),
    colours: product.colours.map((c) => ({
      key: c._id,
      _id: c._id,
      name: c.name,
      hex: c.hex,
      stock: Object.fromEntries(c.sizes.map((s) => [s.size, String(s.quantity)])),
      photos: [],
    })),
    shipping: product.shipping ? '1' : '0',
    category: product.category?._id ?? '',
    photo: null,
    mrp: product.mrp === undefined ? '' : String(product.mrp),
    countryOfOrigin: product.countryOfOrigin ?? DEFAULT_COUNTRY_OF_ORIGIN,
    fabric: product.fabric ?? '',
    gsm: product.gsm === undefined ? '' : String(product.gsm),
    fit: product.fit ?? '',
    washCare: product.washCare ?? '',
  };
}

/** The grid's columns: the ticked sizes in the shop's order, or One size when none is. */
export function columnsOf(values: Pick<ProductFormValues, 'sizes'>): Array<Size | typeof ONE_SIZE> {
  const ticked = SIZES.filter((s) => values.sizes.includes(s));
  return ticked.length ? ticked : [ONE_SIZE];
}

/** A cell's stock as sent: a number when it reads as one, else the text (the server names it). */
const stockValue = (text: string) => (text.trim() === '' ? 0 : Number(text));
/** A number's worth of a cell for the totals (text that is not a number counts as 0). */
const counted = (text: string | undefined) => {
  const n = text === undefined ? 0 : stockValue(text);
  return Number.isFinite(n) ? n : 0;
};

/** A colour's cells that are filled in (a blank cell: the colour is not made in that size). */
function filledCells(values: Pick<ProductFormValues, 'sizes'>, colour: ColourRow) {
  return columnsOf(values).flatMap((size) => {
    const text = colour.stock[size];
    return text === undefined || text.trim() === '' ? [] : [{ size, text }];
  });
}

/** The grid's totals: per colour (rows), per size (columns) and all together. */
export function stockTotals(values: Pick<ProductFormValues, 'sizes' | 'colours'>) {
  const columns = columnsOf(values);
  const rows = values.colours.map((c) => columns.reduce((sum, s) => sum + counted(c.stock[s]), 0));
  const perSize = columns.map((s) =>
    values.colours.reduce((sum, c) => sum + counted(c.stock[s]), 0),
  );
  return { rows, perSize, total: rows.reduce((a, b) => a + b, 0) };
}

export function productFormData(values: ProductFormValues): FormData {
  const form = new FormData();
  form.append('name', values.name);
  form.append('description', values.description);
  form.append('price', values.price);
  // The multipart field `colours` holds JSON; quantity is their total (the server checks).
  const colours = values.colours.map((c) => ({
    ...(c._id ? { _id: c._id } : {}),
    name: c.name,
    hex: c.hex,
    sizes: filledCells(values, c).map(({ size, text }) => {
      const n = stockValue(text);
      return { size, quantity: Number.isFinite(n) ? n : text };
    }),
  }));
  form.append('colours', JSON.stringify(colours));
  form.append('shipping', values.shipping);
  form.append('category', values.category);
  for (const field of FACT_FIELDS) form.append(field, values[field]);
  if (values.photo) form.append('photo', values.photo);
  return form;
}
