/**
 * Numbers in a series without gaps or duplicates, with several processes issuing at once on a
 * database without transactions (docs/decisions/0015-gapless-tax-document-numbers.md).
 *
 * The series' counter document holds `last`, the last number written on a document, and at most
 * one `pending` claim: the next number with the whole document that will carry it. Issuing is:
 *
 * 1. claim: set `pending` only if there is none and `last` is still what was read (one
 *    conditional update: of concurrent claims exactly one wins, the others read again);
 * 2. write the document from the claim (the unique index on the number makes a second write of
 *    the same claim a no-op, and the one on order + kind + purpose refuses a second document for
 *    the same purpose);
 * 3. advance: `last` to the claimed number and `pending` cleared, in one conditional update.
 *
 * Whoever finds a claim pending waits for its claimer, and once the claim is older than a lease
 * (its process stopped between 1 and 3, or stalled) finishes it, the steps being safe to repeat
 * by several at once, before claiming its own. A claim whose
 * document was refused because its order already has one is dropped without advancing, so that
 * number goes to the next document. A number thus reaches `last` only once a document carries
 * it, and every document's number was `last + 1` when claimed: consecutive, never reused.
 */
import type { Types } from 'mongoose';
import { taxDocumentNumber } from '@repo/shared';
import { conflict, isDuplicateKey } from '../../lib/errors.js';
import { insertDocument } from '../../lib/insert-document.js';
import { TaxCounter, TaxDocument, type LeanTaxDocument } from './tax-document.model.js';

interface Claim {
  sequence: number;
  doc: Record<string, unknown>;
  /** When it was claimed: others leave a fresh claim to its claimer, and finish an old one. */
  claimedAt: Date;
}

/** A claim older than this was left by a process that stopped (or stalled): others finish it. */
const CLAIM_LEASE_MS = 5_000;
/** How long an issuer keeps trying before answering 409 (only under an extreme burst). */
const ISSUE_DEADLINE_MS = 30_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The `n`th wait of an issuer: 2 ms doubling up to 200 ms, give or take half. */
const backoff = (n: number) => Math.min(200, 2 * 2 ** n) * (0.5 + Math.random());

interface Counter {
  _id: string;
  last: number;
  pending: Claim | null;
}

/** The document as issued, from its fields without a number (kind, order, purpose, contents). */
export type DocumentDraft = Record<string, unknown> & {
  kind: 'invoice' | 'credit-note';
  order: Types.ObjectId;
  purpose: string;
};

async function readCounter(series: string): Promise<Counter> {
  const found = await TaxCounter.findById(series).lean<Counter>();
  if (found) return found;
  try {
    const counter = await TaxCounter.findOneAndUpdate(
      { _id: series },
      { $setOnInsert: { last: 0, pending: null } },
      { upsert: true, new: true },
    ).lean<Counter>();
    return counter!;
  } catch (err) {
    // Two first issues of a new series upserted at once: the counter exists now.
    if (!isDuplicateKey(err)) throw err;
    return (await TaxCounter.findById(series).lean<Counter>())!;
  }
}

/** Steps 2 and 3 for a claim, by whoever finds it: safe to run any number of times. */
async function finish(series: string, claim: Claim): Promise<void> {
  try {
    await insertDocument(TaxDocument, claim.doc);
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const written = await TaxDocument.exists({ number: String(claim.doc.number) });
    if (!written) {
      // The order already had its document: the number was never used; the next claim takes it.
      await TaxCounter.updateOne(
        { _id: series, 'pending.sequence': claim.sequence },
        { $set: { pending: null } },
      );
      return;
    }
  }
  await TaxCounter.updateOne(
    { _id: series, last: claim.sequence - 1, 'pending.sequence': claim.sequence },
    { $set: { last: claim.sequence, pending: null } },
  );
}

const existingDocument = (draft: DocumentDraft) =>
  TaxDocument.findOne({
    order: draft.order,
    kind: draft.kind,
    purpose: draft.purpose,
  }).lean<LeanTaxDocument>();

/**
 * Issues the document once: the one already issued for the same order, kind and purpose if any,
 * else a new one with the next number of `series`, dated `issuedAt`.
 */
export async function issueNumbered(
  series: string,
  issuedAt: Date,
  draft: DocumentDraft,
): Promise<LeanTaxDocument> {
  // Each round either finds the document, waits for or finishes someone's claim, or loses a
  // claim to another issuer who then finishes it: every round some document gets its number.
  const deadline = Date.now() + ISSUE_DEADLINE_MS;
  let waits = 0;
  while (Date.now() < deadline) {
    const existing = await existingDocument(draft);
    if (existing) return existing;
    const counter = await readCounter(series);
    if (counter.pending) {
      // Its claimer is on it: an uneven pause, longer each time, spares the database (and the
      // claimer) a crowd polling it. A claim stamped far ahead of this clock (its copy's clock
      // runs fast) is no fresher for it: finished like an old one (finishing twice is harmless),
      // never waited on for hours.
      const age = Date.now() - new Date(counter.pending.claimedAt).getTime();
      if (Math.abs(age) < CLAIM_LEASE_MS) await pause(backoff(waits++));
      else await finish(series, counter.pending);
      continue;
    }
    const sequence = counter.last + 1;
    const claim: Claim = {
      sequence,
      claimedAt: new Date(),
      doc: {
        ...draft,
        number: taxDocumentNumber(series, sequence),
        series,
        sequence,
        issuedAt,
      },
    };
    const claimed = await TaxCounter.updateOne(
      { _id: series, last: counter.last, pending: null },
      { $set: { pending: claim } },
    );
    if (claimed.modifiedCount === 1) await finish(series, claim);
    else await pause(backoff(waits++));
  }
  throw conflict('Too many documents are being issued at once. Please try again.');
}

/**
 * Finishes a claim left pending in any series (a process stopped half-way and nothing was issued
 * in that series since): the tax-documents job and the month's report call it, so no document waits.
 */
export async function finishPendingClaims(): Promise<number> {
  const counters = await TaxCounter.find({ pending: { $ne: null } }).lean<Counter[]>();
  for (const counter of counters) if (counter.pending) await finish(counter._id, counter.pending);
  return counters.length;
}
