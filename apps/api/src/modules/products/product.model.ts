import mongoose, { type InferSchemaType } from 'mongoose';
import { bumpCatalogOnWrite } from '../../lib/catalog-version.js';

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

const productSchema = new mongoose.Schema(
  {
    name: { type: String, required: true, trim: true },
    slug: { type: String, required: true, unique: true },
    description: { type: String, required: true },
    /** Rupees. */
    price: { type: Number, required: true, min: 0 },
    quantity: { type: Number, required: true, min: 0 },
    shipping: { type: Boolean, default: false },
    category: { type: mongoose.Schema.Types.ObjectId, ref: 'Category', required: true },
    photo: { type: photoSchema, required: false },
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
productSchema.plugin(bumpCatalogOnWrite);

export type ProductFields = InferSchemaType<typeof productSchema>;
export const Product = mongoose.model('Product', productSchema);
