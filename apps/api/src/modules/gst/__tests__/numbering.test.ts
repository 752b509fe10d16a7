/**
 * Invoice and credit-note numbers: consecutive without gaps or duplicates when many orders are
 * paid at once, never reused, a new series every financial year (an injected date), and a claim
 * left half-done by a process that stopped is finished, never skipped.
 */
import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/harness.js';
import { issueCreditNote, issueInvoice } from '../index.js';
import { TaxCounter, TaxDocument } from '../tax-document.model.js';
import { seller, subject } from './gst-fixtures.js';

await setupTestApp();

const tee = [{ name: 'Sunset Tee', paidPaise: 64_900, quantity: 1 }];
const ist = (local: string) => new Date(`${local}+05:30`);

describe('invoice numbers', () => {
  it('20 orders paid at once get 20 consecutive numbers, each once', async () => {
    const at = ist('2026-06-10T12:00:00');
    const subjects = Array.from({ length: 20 }, () => subject(tee, {}, { at }));
    // Each order is invoiced twice at once too (verify and the webhook racing): still one number.
    const issued = await Promise.all(
      [...subjects, ...subjects].map((s) => issueInvoice(seller, s, at)),
    );
    const numbers = new Set(issued.map((d) => d!.number));
    expect(numbers.size).toBe(20);
    const stored = await TaxDocument.find({ series: 'TS/26-27' }).sort({ sequence: 1 }).lean();
    expect(stored.map((d) => d.number)).toEqual(
      Array.from({ length: 20 }, (_, i) => `TS/26-27/${String(i + 1).padStart(6, '0')}`),
    );
    expect(new Set(stored.map((d) => String(d.order))).size).toBe(20);
    for (const s of subjects) {
      const again = await issueInvoice(seller, s, at);
      expect(stored.find((d) => String(d.order) === s.orderId)?.number).toBe(again!.number);
    }
    expect(await TaxCounter.findById('TS/26-27').lean()).toMatchObject({ last: 20, pending: null });
  });

  it('starts a new series on 1 April in India, and the old year’s series goes on where it was', async () => {
    const lastDay = ist('2027-03-31T23:59:59.999');
    const firstDay = ist('2027-04-01T00:00:00');
    const march = await issueInvoice(seller, subject(tee), lastDay);
    const april = await issueInvoice(seller, subject(tee), firstDay);
    expect(march!.number).toBe('TS/26-27/000021');
    expect(april!.number).toBe('TS/27-28/000001');
    expect(april!.number.length).toBeLessThanOrEqual(16);
  });

  /** The claim of a process that stopped after claiming `sequence` of TS/27-28, at `claimedAt`. */
  function stoppedClaim(sequence: number, claimedAt: Date) {
    const stopped = subject(tee);
    return {
      sequence,
      claimedAt,
      doc: {
        kind: 'invoice',
        order: new Types.ObjectId(stopped.orderId),
        orderNumber: stopped.orderNumber,
        purpose: 'sale',
        number: `TS/27-28/${String(sequence).padStart(6, '0')}`,
        series: 'TS/27-28',
        sequence,
        issuedAt: ist('2027-04-02T09:00:00'),
        seller: {
          name: seller.legalName,
          state: seller.state,
          stateCode: '29',
          gstin: seller.gstin,
        },
        buyer: { name: 'Asha Rao', state: 'Maharashtra', stateCode: '27' },
        placeOfSupply: { state: 'Maharashtra', stateCode: '27' },
        intraState: false,
        lines: [],
        totals: { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 },
      },
    };
  }

  it('finishes a claim a stopped process left pending before numbering the next order', async () => {
    // Claims age on the processes' own clocks (the documents' dates are injected).
    const claim = stoppedClaim(2, new Date(Date.now() - 60_000));
    await TaxCounter.updateOne({ _id: 'TS/27-28' }, { $set: { pending: claim } });

    const next = await issueInvoice(seller, subject(tee), ist('2027-04-02T10:00:00'));
    expect(next!.number).toBe('TS/27-28/000003');
    const left = await TaxDocument.findOne({ order: claim.doc.order }).lean();
    expect(left!.number).toBe('TS/27-28/000002');
  });

  it('finishes a claim stamped by a clock an hour fast instead of waiting for it', async () => {
    const claim = stoppedClaim(4, new Date(Date.now() + 3_600_000));
    await TaxCounter.updateOne({ _id: 'TS/27-28' }, { $set: { pending: claim } });

    const next = await issueInvoice(seller, subject(tee), ist('2027-04-02T11:00:00'));
    expect(next!.number).toBe('TS/27-28/000005');
    const left = await TaxDocument.findOne({ order: claim.doc.order }).lean();
    expect(left!.number).toBe('TS/27-28/000004');
  });

  it('drops a stale claim for an order that already has its invoice: the number goes to the next', async () => {
    const at = ist('2027-05-01T10:00:00');
    const first = subject(tee);
    const invoiced = await issueInvoice(seller, first, at);
    expect(invoiced!.number).toBe('TS/27-28/000006');
    // A slower process claimed 000007 for the same order before seeing its invoice.
    await TaxCounter.updateOne(
      { _id: 'TS/27-28' },
      {
        $set: {
          pending: {
            sequence: 7,
            claimedAt: new Date(Date.now() - 60_000),
            doc: { ...invoiced, _id: undefined, number: 'TS/27-28/000007', sequence: 7 },
          },
        },
      },
    );
    const other = await issueInvoice(seller, subject(tee), at);
    expect(other!.number).toBe('TS/27-28/000007');
    expect(await TaxDocument.countDocuments({ order: invoiced!.order })).toBe(1);
  });

  it('makes no invoice while the seller’s details are missing', async () => {
    const incomplete = { ...seller, gstin: '' };
    expect(await issueInvoice(incomplete, subject(tee), ist('2027-05-02T10:00:00'))).toBeNull();
  });
});

describe('credit notes', () => {
  it('have their own series, refer to the invoice, and are issued once per purpose', async () => {
    const at = ist('2026-11-05T10:00:00');
    const order = subject(
      [
        { name: 'Sunset Tee', paidPaise: 129_800, quantity: 2 },
        { name: 'Heavy Hoodie Tee', paidPaise: 300_000, quantity: 1 },
      ],
      {},
      { deliveryPaise: 4_900 },
    );
    const invoice = await issueInvoice(seller, order, at);
    const later = ist('2026-11-07T18:00:00');
    const [note, again] = await Promise.all([
      issueCreditNote(
        seller,
        { orderId: order.orderId, purpose: 'cancel', reason: 'Order cancelled' },
        later,
      ),
      issueCreditNote(
        seller,
        { orderId: order.orderId, purpose: 'cancel', reason: 'Order cancelled' },
        later,
      ),
    ]);
    expect(note!.number).toBe('CN/26-27/000001');
    expect(again!.number).toBe(note!.number);
    expect(note!.refersTo).toEqual({ number: invoice!.number, issuedAt: invoice!.issuedAt });
    expect(note!.totals).toEqual(invoice!.totals);
    expect(
      note!.lines.map(({ invoiceLine: _line, ...l }) => ({ ...l, invoiceLine: null })),
    ).toEqual(invoice!.lines);
  });

  it('give back the pieces returned, adding up exactly to the line over several returns', async () => {
    const at = ist('2026-11-05T10:00:00');
    // 3 pieces for ₹1,000.01: a third of it is no whole number of paise.
    const order = subject([{ name: 'Trio Tee', paidPaise: 100_001, quantity: 3 }], {
      state: 'Karnataka',
    });
    const invoice = await issueInvoice(seller, order, at);
    const line = invoice!.lines[0]!;
    expect(line).toMatchObject({ taxablePaise: 95_239, cgstPaise: 2_381, sgstPaise: 2_381 });
    const returnOf = (purpose: string, quantity: number) =>
      issueCreditNote(
        seller,
        { orderId: order.orderId, purpose, reason: 'Returned', parts: [{ line: 0, quantity }] },
        at,
      );
    const first = await returnOf('return:1', 1);
    expect(first!.lines[0]).toMatchObject({ quantity: 1, invoiceLine: 0, totalPaise: 33_334 });
    await expect(returnOf('return:2', 3)).rejects.toMatchObject({ status: 400 });
    const rest = await issueCreditNote(
      seller,
      { orderId: order.orderId, purpose: 'cancel', reason: 'Order cancelled' },
      at,
    );
    expect(rest!.lines[0]).toMatchObject({ quantity: 2, totalPaise: 66_667 });
    for (const key of ['taxablePaise', 'cgstPaise', 'sgstPaise', 'totalPaise'] as const)
      expect(first!.lines[0]![key] + rest!.lines[0]![key]).toBe(line[key]);
    await expect(returnOf('return:3', 1)).rejects.toMatchObject({ status: 400 });
  });

  it('are not made for an order without an invoice', async () => {
    const none = await issueCreditNote(
      seller,
      { orderId: String(new Types.ObjectId()), purpose: 'cancel', reason: 'Order cancelled' },
      new Date(),
    );
    expect(none).toBeNull();
  });
});
