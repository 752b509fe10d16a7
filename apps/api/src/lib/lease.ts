/**
 * Leases: a named right that one copy of the shop holds for a while, kept in the `leases`
 * collection, so work that must happen once (a sweep, the mail queue's poll, the release steps)
 * is done by one process however many processes and replicas share the database.
 *
 * Taking a lease is one conditional write (its time has run out, or nobody had it yet: an
 * upsert, where two copies racing meet the unique `_id` and one of them loses). The holder
 * renews it while it works; a holder that dies stops renewing and the lease runs out, after
 * which any copy may take it. Each taking has an owner token of its own, so a renewal or a
 * release by a holder that has lost the lease changes nothing.
 *
 * Times are each process's own clock (tests inject one): copies must keep their clocks in step
 * (NTP), which leases of tens of seconds tolerate easily.
 */
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { isDuplicateKey } from './errors.js';

const leaseSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    /** The token of the taking that holds it (empty once released). */
    owner: { type: String, default: '' },
    /** Until when the holder has it: after this any copy may take it. */
    until: { type: Date, required: true },
    /** A scheduled job's next run (lib/jobs.ts): before this nobody takes it. */
    nextRunAt: { type: Date },
  },
  { collection: 'leases', versionKey: false },
);
export const Lease = mongoose.model('Lease', leaseSchema);

/** A fresh owner token: this process and this taking. */
export const ownerToken = (label: string) =>
  `${label}:${process.pid}:${randomBytes(6).toString('hex')}`;

/**
 * Takes the lease `name` for `ms` when it is free at `now` (and, with `due`, when its job is due
 * too). Answers whether this owner has it now.
 */
export async function takeLease(
  name: string,
  owner: string,
  ms: number,
  { now, due = false }: { now: number; due?: boolean },
): Promise<boolean> {
  const at = new Date(now);
  try {
    const res = await Lease.updateOne(
      { _id: name, until: { $lte: at }, ...(due ? { nextRunAt: { $lte: at } } : {}) },
      // A job's first run is due at once.
      { $set: { owner, until: new Date(now + ms) }, $setOnInsert: { nextRunAt: at } },
      { upsert: true },
    );
    return res.modifiedCount + res.upsertedCount === 1;
  } catch (err) {
    // It exists and is held (or not due): the upsert met its _id.
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}

/** Extends the lease while this owner still holds it; answers whether it does. */
export async function renewLease(
  name: string,
  owner: string,
  ms: number,
  now: number,
): Promise<boolean> {
  const res = await Lease.updateOne({ _id: name, owner }, { $set: { until: new Date(now + ms) } });
  return res.matchedCount === 1;
}

/**
 * Gives the lease up at once (any copy may take it), with a job's next run when given.
 * A lease this owner no longer holds is left alone.
 */
export async function releaseLease(
  name: string,
  owner: string,
  now: number,
  nextRunAt?: number,
): Promise<void> {
  await Lease.updateOne(
    { _id: name, owner },
    {
      $set: {
        owner: '',
        until: new Date(now),
        ...(nextRunAt === undefined ? {} : { nextRunAt: new Date(nextRunAt) }),
      },
    },
  );
}

/**
 * Runs `work` while holding the lease `name`: waits (polling every `pollMs`) while another copy
 * holds it, renews it every third of `ms` while working, gives it back after. A holder that
 * dies stops renewing, and the next waiter takes it once it has run out.
 */
export async function whileHolding<T>(
  name: string,
  work: () => Promise<T>,
  {
    ms,
    pollMs = 250,
    now = Date.now,
    onWait,
  }: { ms: number; pollMs?: number; now?: () => number; onWait?: () => void },
): Promise<T> {
  const owner = ownerToken(name);
  let waited = false;
  while (!(await takeLease(name, owner, ms, { now: now() }))) {
    if (!waited) onWait?.();
    waited = true;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  const renewal = setInterval(
    () => void renewLease(name, owner, ms, now()).catch(() => undefined),
    ms / 3,
  );
  renewal.unref();
  try {
    return await work();
  } finally {
    clearInterval(renewal);
    await releaseLease(name, owner, now());
  }
}
