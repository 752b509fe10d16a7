/**
 * Inserts one document through the driver, exactly as Mongoose's `Model.create` would store it:
 * the schema's defaults applied, every path cast and validated (required, enum, min...), the
 * schema's timestamps and version key set. What it skips is the Mongoose document itself (its
 * change tracking, save middleware and the copy back to a plain object), which cost the event
 * loop about three times the insert on the paths that pay (four inserts per checkout; the
 * figures are in docs/decisions/0006-payments-thread.md). The schemas here have no save middleware;
 * insert-document.test.ts checks that the stored document is the one `create` stores.
 *
 * One difference: an explicit null on a path that has a default is stored as the default
 * (`create` keeps the null); no caller passes one.
 *
 * Returns the stored document as a plain object (what `create(...).toObject()` gave).
 */
import type { Model } from 'mongoose';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any model; the caller names the result
type AnyModel = Model<any>;

export async function insertDocument<Doc = Record<string, unknown>>(
  model: AnyModel,
  fields: Record<string, unknown>,
): Promise<Doc & { _id: unknown }> {
  const { options } = model.schema;
  // Defaults before casting (a required path may have one); casting drops the null ones
  // (e.g. `paymentId: null`), which `create` stores, so they are applied again after it.
  const doc = model.applyDefaults(model.castObject(model.applyDefaults({ ...fields }))) as Record<
    string,
    unknown
  >;
  // Validates a cast copy of its own (its document arrays become Mongoose subdocuments).
  await model.validate(doc);
  const now = new Date();
  const stamps = options.timestamps;
  if (stamps) {
    const names = stamps === true ? {} : stamps;
    for (const [option, fallback] of [
      [names.createdAt, 'createdAt'],
      [names.updatedAt, 'updatedAt'],
    ] as const) {
      // true or absent: the default name; a string: that name; false: no such stamp.
      const name = typeof option === 'string' ? option : option === false ? null : fallback;
      if (name) doc[name] ??= now;
    }
  }
  const versionKey = options.versionKey;
  if (versionKey !== false) doc[typeof versionKey === 'string' ? versionKey : '__v'] = 0;
  await model.collection.insertOne(doc);
  return doc as Doc & { _id: unknown };
}
