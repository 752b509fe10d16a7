/**
 * One-time data changes (release steps, release.ts): each runs until it has finished once, then
 * a marker in the `migrations` collection keeps later starts from reading the data again. A
 * change must be safe to run again: one cut short (a process killed) runs again whole.
 */
import mongoose from 'mongoose';

const Migration = mongoose.model(
  'Migration',
  new mongoose.Schema(
    {
      _id: String,
      /** When it first began (a change that began but never finished may resume, see began()). */
      startedAt: { type: Date },
      /** When it finished. */
      at: { type: Date },
    },
    { versionKey: false },
  ),
);

/** Where `name` stands: never begun, begun and not finished (cut short), or finished. */
export async function stateOf(name: string): Promise<'new' | 'begun' | 'finished'> {
  const marker = await Migration.findById(name).lean();
  if (!marker) return 'new';
  return marker.at ? 'finished' : 'begun';
}

/** Marks `name` begun: should it never finish, the next run knows it was cut short. */
export async function markBegun(name: string): Promise<void> {
  await Migration.updateOne(
    { _id: name },
    { $setOnInsert: { startedAt: new Date() } },
    { upsert: true },
  );
}

/** Marks `name` finished. */
export async function markFinished(name: string): Promise<void> {
  await Migration.updateOne({ _id: name }, { $set: { at: new Date() } }, { upsert: true });
}

/** Runs `change` unless `name` has finished before; answers what it answered, or undefined. */
export async function runOnce<T>(name: string, change: () => Promise<T>): Promise<T | undefined> {
  if ((await stateOf(name)) === 'finished') return undefined;
  const result = await change();
  await markFinished(name);
  return result;
}
