import mongoose, { type InferSchemaType } from 'mongoose';
import { ONE_SIZE, PRODUCT_SIZES, sortSizes, totalOfSizes } from '@repo/shared';
import { bumpCatalogOnWrite } from '../../lib/catalog-version.js';
import { searchFieldsOf } from './search-terms.js';

const photoSchema = new mongoose.Schema(
  {
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
  },
  { _id: false },
);

/** A size the product is made in, with its own stock (XS … 3XL, or One size). */
const sizeSchema = new mongoose.Schema(
  {
    size: { type: String, enum: PRODUCT_SIZES, required: true },
    quantity: { type: Number, required: true, min: 0 },
  },
  { _id: false },
);

const productSchema = new mongoose.Schema(
  {
    name: { type: String, required: true, trim: true },
    slug: { type: String, required: true, unique: true },
    description: { type: String, required: true },
    /** Rupees. */
    price: { type: Number, required: true, min: 0 },
    /** Always the sum of `sizes` (stock.ts changes both in one update). */
    quantity: { type: Number, required: true, min: 0 },
    sizes: { type: [sizeSchema], default: undefined },
    shipping: { type: Boolean, default: false },
    category: { type: mongoose.Schema.Types.ObjectId, ref: 'Category', required: true },
    photo: { type: photoSchema, required: false },
    /**
     * The order items whose units are being taken right now (stock.ts, takeOnce): written in
     * the same update as the take, so the product itself says whether an item's units were
     * taken when the process taking them died before the order could record it. Forgotten once
     * the order has. Never read by the catalog.
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
// - counting a price-only filter:
productSchema.index({ price: 1 });
// - "does another product still use these photo files?" before deleting them:
productSchema.index({ 'photo.key': 1 }, { sparse: true });
// - search, one word at a time (search-terms.ts), newest first:
productSchema.index({ titleTerms: 1, createdAt: -1, _id: -1 });
productSchema.index({ searchTerms: 1, createdAt: -1, _id: -1 });
// - the size filter ("in stock in size M": $elemMatch on size and quantity):
productSchema.index({ 'sizes.size': 1, 'sizes.quantity': 1 });
/** The stock paths: a write to these alone moves the stock version, not the catalog's. */
export const STOCK_PATHS = ['quantity', 'sizes'];
productSchema.plugin(bumpCatalogOnWrite, {
  stockPaths: STOCK_PATHS,
  // Bookkeeping no read shows: a write of it alone moves no version.
  unshownPaths: ['stockTakes'],
});

// Every saved product has its search terms, and sizes with `quantity` their total; one made
// without sizes is One size holding its quantity. (Updates go through stock.ts and the service, which keep both.)
productSchema.pre('validate', function () {
  Object.assign(this, searchFieldsOf(this));
  if (!this.sizes?.length) {
    this.sizes = [{ size: ONE_SIZE, quantity: this.quantity }] as typeof this.sizes;
    return;
  }
  this.sizes = sortSizes(this.sizes) as typeof this.sizes;
  this.quantity = totalOfSizes(this.sizes);
});

export type ProductFields = InferSchemaType<typeof productSchema>;
export const Product = mongoose.model('Product', productSchema);
