/** The catalog's version counters (lib/catalog-version.ts): one document per counter. */
import mongoose from 'mongoose';

const catalogMetaSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    /** Random per database: a version number reused after a database reset still gives new ETags. */
    epoch: { type: String, required: true },
    version: { type: Number, required: true },
    /** `stock` only: the version catalog reads show, and when it last moved (lib/catalog-version.ts). */
    shown: { type: Number },
    shownAt: { type: Date },
  },
  { collection: 'catalog_meta', versionKey: false },
);
export const CatalogMeta = mongoose.model('CatalogMeta', catalogMetaSchema);
