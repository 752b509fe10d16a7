/**
 * One-time data changes at start-up: each runs until it has finished once, then a marker in
 * the `migrations` collection keeps later starts from reading the data again. A change must be
 * safe to run twice (two processes starting together may both run it).
 */
import mongoose from 'mongoose';

const Migration = mongoose.model(
  'Migration',
  new mongoose.Schema({ _id: String, at: { type: Date, required: true } }, { versionKey: false }),
);

/** Runs `change` unless `name` has finished before; answers what it answered, or undefined. */
export async function runOnce<T>(name: string, change: () => Promise<T>): Promise<T | undefined> {
  if (await Migration.exists({ _id: name })) return undefined;
  const result = await change();
  await Migration.updateOne({ _id: name }, { $setOnInsert: { at: new Date() } }, { upsert: true });
  return result;
}
