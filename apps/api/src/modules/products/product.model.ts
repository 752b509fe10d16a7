import mongoose, { type InferSchemaType } from 'mongoose';

const photoSchema = new mongoose.Schema(
  {
    /** The storage adapter's key, used to delete the files. */
    key: { type: String, required: true },
    /** The default-width URL. */
    url: { type: String, required: true },
    widths: [{ _id: false, width: Number, url: String }],
  },
  { _id: false },
);

const productSchema = new mongoose.Schema(
  {
    name: { type: String, required: true, trim: true },
    slug: { type: String, required: true, unique: true },
    description: { type: String, required: true },
    price: { type: Number, required: true, min: 0 },
    quantity: { type: Number, required: true, min: 0 },
    shipping: { type: Boolean, default: false },
    category: { type: mongoose.Schema.Types.ObjectId, ref: 'Category', required: true },
    photo: { type: photoSchema, required: false },
  },
  { timestamps: true },
);
// One index per query the shop makes: the newest-first list, the category filter
// (with price and date), the price filter, and related products.
productSchema.index({ createdAt: -1 });
productSchema.index({ category: 1, createdAt: -1 });
productSchema.index({ price: 1, createdAt: -1 });

export type ProductFields = InferSchemaType<typeof productSchema>;
export const Product = mongoose.model('Product', productSchema);
