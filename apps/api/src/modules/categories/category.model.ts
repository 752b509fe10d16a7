import mongoose, { type InferSchemaType } from 'mongoose';
import { bumpCatalogOnWrite } from '../../lib/catalog-version.js';

/** Lower-cased name: the unique key that makes "Anime" and "anime" the same category. */
export function categoryKey(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

const categorySchema = new mongoose.Schema(
  {
    name: { type: String, required: true, trim: true },
    /** Unique; also the sort key of the category list (alphabetical regardless of case). */
    nameKey: { type: String, required: true, unique: true },
    slug: { type: String, required: true, unique: true },
  },
  { timestamps: true },
);
categorySchema.plugin(bumpCatalogOnWrite);

export type CategoryFields = InferSchemaType<typeof categorySchema>;
export const Category = mongoose.model('Category', categorySchema);
