/**
 * What the accountant and the shopper read: the invoice and credit note PDFs (their text read
 * back), and the month's CSV report, whose totals match what the orders were paid.
 */
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import { gstReport, issueCreditNote, issueInvoice, taxDocumentPdf } from '../index.js';
import { seller, subject } from './gst-fixtures.js';

await setupTestApp();
const ist = (local: string) => new Date(`${local}+05:30`);

describe('the invoice PDF', () => {
  it('holds what the law asks, as text: seller, number, date, buyer, place of supply, lines, totals', async () => {
    const order = subject(
      [
        { name: 'Sunset Tee (M)', paidPaise: 262_500, quantity: 1 },
        { name: 'Gold Foil Tee (L)', paidPaise: 262_600, quantity: 1 },
      ],
      { name: 'Kiran Traders', gstin: '27AAPFU0939F1ZV' },
      { deliveryPaise: 5_900 },
    );
    const invoice = await issueInvoice(seller, order, ist('2026-11-05T10:00:00'));
    const text = await pdfText(await taxDocumentPdf(invoice!));
    for (const expected of [
      'TAX INVOICE',
      'Bright Threads Private Limited',
      'GSTIN: 29AAGCB7383J1Z4',
      invoice!.number,
      '05-11-2026',
      'Kiran Traders',
      'GSTIN: 27AAPFU0939F1ZV',
      'Maharashtra (27)',
      'Sunset Tee (M)',
      '6109',
      '2,500.00', // ₹2,625 with 5% inside: ₹2,500 taxable
      '2,225.42', // ₹2,626 at 18%
      'IGST',
      '5,310.00',
      'Rupees Five Thousand Three Hundred Ten Only',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('CGST');
  });

  it('within the seller’s state shows CGST and SGST, half the rate each', async () => {
    const order = subject([{ name: 'Sunset Tee (M)', paidPaise: 99_999, quantity: 1 }], {
      state: 'Karnataka',
    });
    const invoice = await issueInvoice(seller, order, ist('2026-11-06T10:00:00'));
    expect(invoice!.totals).toEqual({
      taxablePaise: 95_237,
      cgstPaise: 2_381,
      sgstPaise: 2_381,
      igstPaise: 0,
      totalPaise: 99_999,
    });
    const text = await pdfText(await taxDocumentPdf(invoice!));
    expect(text).toContain('CGST');
    expect(text).toContain('2.5%+2.5%');
    expect(text).toContain('Karnataka (29)');
    expect(text).toContain('Rupees Nine Hundred Ninety-Nine and Ninety-Nine Paise Only');
  });

  it('a credit note names itself and the invoice it reduces', async () => {
    const order = subject([{ name: 'Sunset Tee (M)', paidPaise: 64_900, quantity: 1 }]);
    const invoice = await issueInvoice(seller, order, ist('2026-11-07T10:00:00'));
    const note = await issueCreditNote(
      seller,
      { orderId: order.orderId, purpose: 'cancel', reason: 'Order cancelled' },
      ist('2026-11-08T10:00:00'),
    );
    const text = await pdfText(await taxDocumentPdf(note!));
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(note!.number);
    expect(text).toContain(`${invoice!.number} dated 07-11-2026`);
    expect(text).toContain('Order cancelled');
    expect(text).toContain('649.00');
  });
});

describe('the month’s GST report', () => {
  it('sums consumers’ sales per state and rate, lists GSTIN invoices line by line, and credit notes; totals match what was paid', async () => {
    const month = (day: string) => ist(`2027-01-${day}T12:00:00`);
    const paid: number[] = [];
    const invoiceOf = async (
      lines: Array<{ name: string; paidPaise: number; quantity: number }>,
      buyer: Parameters<typeof subject>[1],
      at: Date,
      deliveryPaise = 0,
    ) => {
      const order = subject(lines, buyer, { deliveryPaise });
      paid.push(lines.reduce((s, l) => s + l.paidPaise, 0) + deliveryPaise);
      await issueInvoice(seller, order, at);
      return order;
    };
    await invoiceOf(
      [{ name: 'A', paidPaise: 105_000, quantity: 1 }],
      { state: 'Karnataka' },
      month('03'),
    );
    await invoiceOf(
      [{ name: 'B', paidPaise: 52_500, quantity: 1 }],
      { state: 'Karnataka' },
      month('04'),
      4_200,
    );
    await invoiceOf(
      [{ name: 'C', paidPaise: 300_000, quantity: 1 }],
      { state: 'Kerala' },
      month('05'),
    );
    const b2b = await invoiceOf(
      [
        { name: 'D, "bulk"', paidPaise: 210_000, quantity: 2 },
        { name: 'E', paidPaise: 354_000, quantity: 1 },
      ],
      { name: '=Evil Corp', gstin: '27AAPFU0939F1ZV' },
      month('06'),
    );
    const cancelled = await invoiceOf(
      [{ name: 'F', paidPaise: 64_900, quantity: 1 }],
      {},
      month('07'),
    );
    await issueCreditNote(
      seller,
      { orderId: cancelled.orderId, purpose: 'cancel', reason: 'Order cancelled' },
      month('08'),
    );
    // Outside the month (India's time): the last minute of December and the first of February.
    await invoiceOf(
      [{ name: 'Z', paidPaise: 10_000, quantity: 1 }],
      {},
      ist('2026-12-31T23:59:00'),
    );
    await invoiceOf(
      [{ name: 'Z', paidPaise: 10_000, quantity: 1 }],
      {},
      ist('2027-02-01T00:00:00'),
    );
    paid.splice(-2);

    const report = await gstReport('2027-01', seller);
    const rows = report.csv.trimEnd().split('\r\n');
    expect(report.invoices).toBe(5);
    expect(report.creditNotes).toBe(1);
    // Karnataka 5%: ₹1,050 + ₹525 + ₹42 delivery = ₹1,617 paid, ₹1,540 taxable, ₹77 tax split.
    expect(rows).toContain('Karnataka,29,5,1540.00,0.00,38.50,38.50,1617.00');
    expect(rows).toContain('Kerala,32,18,2542.37,457.63,0.00,0.00,3000.00');
    expect(rows).toContain('Maharashtra,27,5,618.10,30.90,0.00,0.00,649.00');
    expect(rows.some((r) => r.startsWith(`${'TS/26-27/'}`) && r.includes('"D, ""bulk"""'))).toBe(
      true,
    );
    expect(
      rows.filter((r) => r.includes('27AAPFU0939F1ZV') && r.includes("'=Evil Corp")),
    ).toHaveLength(2);
    expect(rows.some((r) => r.startsWith('CN/26-27/') && r.includes('Order cancelled'))).toBe(true);
    const paidTotal = paid.reduce((s, p) => s + p, 0);
    const invoicesRow = rows.find((r) => r.startsWith('Invoices,'))!.split(',');
    expect(invoicesRow[1]).toBe('5');
    expect(invoicesRow[6]).toBe((paidTotal / 100).toFixed(2));
    // Taxable value and taxes add up to the total on every totals row.
    for (const name of ['Invoices,', 'Credit notes,', 'Net,']) {
      const [taxable, igst, cgst, sgst, total] = rows
        .find((r) => r.startsWith(name))!
        .split(',')
        .slice(2)
        .map((v) => Math.round(Number(v) * 100));
      expect(taxable! + igst! + cgst! + sgst!).toBe(total);
    }
    expect(rows).toContain('Credit notes,1,618.10,30.90,0.00,0.00,649.00');
    expect(report.netPaise).toBe(paidTotal - 64_900);
    expect(rows.filter((r) => r.startsWith(b2b.orderNumber))).toHaveLength(0);
  });
});
