/**
 * The catalog version: one small Mongo document that every catalog write bumps and every
 * catalog read checks (a lookup by _id). Caches and ETags key on it, so they stay correct
 * with any number of API processes sharing the database.
 *
 * `bumpCatalogOnWrite` is a Mongoose plugin for the Product and Category schemas: every write
 * made through those models (save, update*, delete*, insertMany, bulkWrite) bumps the version
 * after it completes, so no caller can forget. A write inside a transaction bumps before the
 * commit; call `bumpCatalogVersion()` again after committing.
 */
import { randomBytes } from 'node:crypto';
import mongoose, { type MongooseQueryMiddleware, type Schema } from 'mongoose';

const ID = 'catalog';

const catalogMetaSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    /** Random per database: a version number reused after a database reset still gives new ETags. */
    epoch: { type: String, required: true },
    version: { type: Number, required: true },
  },
  { collection: 'catalog_meta', versionKey: false },
);
const CatalogMeta = mongoose.model('CatalogMeta', catalogMetaSchema);

async function lookup(): Promise<string> {
  const meta = await CatalogMeta.findById(ID, { epoch: 1, version: 1 }).lean();
  return meta ? `${meta.epoch}.${meta.version}` : '0.0';
}

let inflight: Promise<string> | undefined;
let queued: Promise<string> | undefined;

/**
 * "<epoch>.<version>"; changes on every catalog write. Concurrent reads share lookups, at most
 * one running and one queued: a lookup already running may have read before this call arrived,
 * so a new caller waits for the next one, which starts after it. A read therefore never sees a
 * version older than the last write that finished before it arrived.
 */
export function catalogVersion(): Promise<string> {
  if (!inflight) {
    inflight = lookup().finally(() => {
      inflight = undefined;
    });
    return inflight;
  }
  queued ??= inflight
    .catch(() => undefined)
    .then(() => {
      queued = undefined;
      return catalogVersion();
    });
  return queued;
}

export async function bumpCatalogVersion(): Promise<void> {
  await CatalogMeta.updateOne(
    { _id: ID },
    { $inc: { version: 1 }, $setOnInsert: { epoch: randomBytes(4).toString('hex') } },
    { upsert: true },
  );
}

const QUERY_WRITES: MongooseQueryMiddleware[] = [
  'updateOne',
  'updateMany',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
  'replaceOne',
  'deleteOne',
  'deleteMany',
];

export function bumpCatalogOnWrite(schema: Schema): void {
  const bump = () => bumpCatalogVersion();
  schema.post('save', bump);
  schema.post(QUERY_WRITES, bump);
  schema.post('deleteOne', { document: true, query: false }, bump);
  schema.post('insertMany', bump);
  schema.post('bulkWrite', bump);
}
