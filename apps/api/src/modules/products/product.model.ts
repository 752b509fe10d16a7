import mongoose, { type InferSchemaType } from 'mongoose';
import {
  colourKey,
  DEFAULT_COLOUR,
  DEFAULT_COUNTRY_OF_ORIGIN,
  PRODUCT_FITS,
  ONE_SIZE,
  PRODUCT_SIZES,
  sortSizes,
  sumOverColours,
  totalOfSizes,
  type SizeStockJson,
} from '@repo/shared';
import { bumpCatalogOnWrite } from '../../lib/catalog-version.js';
import { searchFieldsOf } from './search-terms.js';

/** One photo of a colour: its files (every width) and what it shows, for those who cannot see it. */
const imageSchema = new mongoose.Schema({
  /** The storage adapter's key, used to delete the files. */
  key: { type: String, required: true },
  /** The widest rendition's URL. */
  url: { type: String, required: true },
  /** Every rendition, narrowest first. */
  widths: [
    {
      _id: false,
      width: { type: Number, required: true },
      url: { type: String, required: true },
    },
  ],
  alt: { type: String, default: '' },
});

/** A size the product is made in, with its own stock (XS … 3XL, or One size). */
const sizeSchema = new mongoose.Schema(
  {
    size: { type: String, enum: PRODUCT_SIZES, required: true },
    quantity: { type: Number, required: true, min: 0 },
  },
  { _id: false },
);

/**
 * A colour the product comes in: its swatch, its photos in the admin's order and its stock per
 * size. `key` is colourKey(name) (lower case, hyphens), unique within the product: filters,
 * URLs and stock updates find the colour by it.
 */
const colourSchema = new mongoose.Schema({
  name: { type: String, required: true, trim: true },
  key: { type: String, required: true },
  hex: { type: String, required: true },
  images: { type: [imageSchema], default: [] },
  sizes: { type: [sizeSchema], required: true },
});

const productSchema = new mongoose.Schema(
  {
    name: { type: String, required: true, trim: true },
    slug: { type: String, required: true, unique: true },
    /**
     * The slugs it had before a rename: their addresses redirect here. A slug is in one
     * product's list at most (the index), and never a product's slug too: a product taking it
     * takes it out of the list (products.service.ts).
     */
    formerSlugs: { type: [String], default: undefined },
    description: { type: String, required: true },
    /** Rupees. */
    price: { type: Number, required: true, min: 0 },
    /** Always the sum of everything (stock.ts changes a colour's size, sizes and this in one update). */
    quantity: { type: Number, required: true, min: 0 },
    /** Per size, the sum over the colours. */
    sizes: { type: [sizeSchema], default: undefined },
    /** Never empty once saved: stock lives per colour and size. */
    colours: { type: [colourSchema], default: undefined },
    /**
     * Moves with every change to the colours' list or photos (never with stock): such a change
     * is written only over the revision it was made from, so two admins never lose each
     * other's photos (products.service.ts, product-images.ts).
     */
    rev: { type: Number, default: 0 },
    shipping: { type: Boolean, default: false },
    /** Rupees incl. of all taxes, like `price`; null or missing: none set. */
    mrp: { type: Number, min: 0, default: undefined },
    countryOfOrigin: { type: String, trim: true, default: DEFAULT_COUNTRY_OF_ORIGIN },
    fabric: { type: String, trim: true, default: undefined },
    gsm: { type: Number, min: 0, default: undefined },
    fit: { type: String, enum: [...PRODUCT_FITS, null], default: undefined },
    washCare: { type: String, trim: true, default: undefined },
    category: { type: mongoose.Schema.Types.ObjectId, ref: 'Category', required: true },
    /**
     * The order items whose units are being taken right now (stock.ts, takeOnce): written in
     * the same update as the take, so the product itself says whether an item's units were
     * taken when the process taking them died before the order could record it. Forgotten once
     * the order has. Also the keys of units given back once (giveOnce: the sizes old exchanges
     * held, `hold:<returnId>:<line>`), kept. Never read by the catalog.
     */
    stockTakes: { type: [String], default: undefined, select: false },
    /** Search's words (search-terms.ts), made from name, description and category on every write. */
    searchTerms: { type: [String], default: undefined },
    /** The name's and category's words alone: matches there rank first. */
    titleTerms: { type: [String], default: undefined },
    searchTermsVersion: { type: Number },
    /**
     * The published reviews' average and count, written by the reviews module (setProductRating)
     * after each change; `seq` orders those writes so a late one never overwrites a newer one.
     */
    rating: {
      average: { type: Number, default: 0 },
      count: { type: Number, default: 0 },
      seq: { type: Number, default: 0 },
    },
  },
  { timestamps: true },
);
// One index per query the shop makes (products.queries.ts); every list is newest first with
// _id as the tie-break, so pages are stable.
// - the list, the admin list, search (scanned in this order) and the price-only filter:
productSchema.index({ createdAt: -1, _id: -1 });
// - the category filter (alone or with a price range), related products, "is the category used?":
productSchema.index({ category: 1, createdAt: -1, _id: -1 });
// - an old address (a slug before a rename), to redirect it; only products that have one:
productSchema.index(
  { formerSlugs: 1 },
  { unique: true, partialFilterExpression: { formerSlugs: { $type: 'string' } } },
);
// - counting a price-only filter:
productSchema.index({ price: 1 });
// - "does another product still use these photo files?" before deleting them:
productSchema.index({ 'colours.images.key': 1 });
// - search, one word at a time (search-terms.ts), newest first:
productSchema.index({ titleTerms: 1, createdAt: -1, _id: -1 });
productSchema.index({ searchTerms: 1, createdAt: -1, _id: -1 });
// - the size filter ("in stock in size M": $elemMatch on size and quantity):
productSchema.index({ 'sizes.size': 1, 'sizes.quantity': 1 });
// - the colour filter ("in stock in Black", with or without a size):
productSchema.index({ 'colours.key': 1 });
/**
 * The stock paths (`*` stands for one array position): a write to these alone moves the stock
 * version, not the catalog's. A colour's photos or name are catalog.
 */
export const STOCK_PATHS = ['quantity', 'sizes', 'colours.*.sizes'];
productSchema.plugin(bumpCatalogOnWrite, {
  stockPaths: STOCK_PATHS,
  // Bookkeeping no read shows: a write of it alone moves no version.
  unshownPaths: ['stockTakes'],
});

// Every saved product has its search terms, and colours, each with sizes; `sizes` is their sum
// per size and `quantity` the total. One made without colours is one colour holding its sizes,
// one made without sizes One size holding its quantity. (Updates go through stock.ts and the
// service, which keep all of them.)
productSchema.pre('validate', function () {
  Object.assign(this, searchFieldsOf(this));
  type Colours = NonNullable<typeof this.colours>;
  if (!this.colours?.length) {
    const sizes = this.sizes?.length
      ? sortSizes(this.sizes)
      : [{ size: ONE_SIZE, quantity: this.quantity }];
    this.colours = [
      { ...DEFAULT_COLOUR, key: colourKey(DEFAULT_COLOUR.name), images: [], sizes },
    ] as unknown as Colours;
  }
  const colours = this.colours as Colours;
  for (const colour of colours) {
    colour.key = colourKey(colour.name);
    colour.sizes = sortSizes(colour.sizes) as typeof colour.sizes;
  }
  this.sizes = sumOverColours(colours) as typeof this.sizes;
  this.quantity = totalOfSizes(this.sizes as SizeStockJson[]);
});

export type ProductFields = InferSchemaType<typeof productSchema>;
export const Product = mongoose.model('Product', productSchema);
