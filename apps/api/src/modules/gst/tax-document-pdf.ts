/**
 * A tax invoice or credit note as a PDF (pdfkit), with what Rule 46 of the CGST Rules asks an
 * invoice to show: the seller's name, address and GSTIN; the number and date; the buyer's name,
 * address and GSTIN when given; the place of supply; per line the description, HSN, quantity,
 * taxable value, rate and tax; the totals in figures and in words. The text is real text (a
 * standard font), so it can be selected, searched and read back.
 */
import { indiaDate, rupeesInWords } from '@repo/shared';
import type { LeanTaxDocument } from './tax-document.model.js';

const rupees = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
/** "2,62,500.00": Indian digit grouping, two decimals, no symbol (the standard fonts lack ₹). */
export const figures = (paise: number) => rupees.format(paise / 100);

/** "05-11-2026", the day in India. */
export function indianDay(at: Date): string {
  const [y, m, d] = indiaDate(at).split('-');
  return `${d}-${m}-${y}`;
}

const stateWithCode = (p: { state: string; stateCode: string }) =>
  p.state ? `${p.state} (${p.stateCode})` : 'Not given';

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  value: (line: LeanTaxDocument['lines'][number], index: number) => string;
}

function columnsFor(doc: LeanTaxDocument): Column[] {
  const money = (title: string, width: number, key: 'cgstPaise' | 'sgstPaise' | 'igstPaise') =>
    ({ title, width, align: 'right', value: (l) => figures(l[key]) }) satisfies Column;
  const half = (rate: number) => `${rate / 2}%`;
  return [
    { title: '#', width: 18, align: 'left', value: (_l, i) => String(i + 1) },
    {
      title: 'Description',
      width: doc.intraState ? 140 : 186,
      align: 'left',
      value: (l) => l.description,
    },
    { title: 'HSN', width: 34, align: 'left', value: (l) => l.hsn },
    { title: 'Qty', width: 26, align: 'right', value: (l) => String(l.quantity) },
    { title: 'Taxable value', width: 66, align: 'right', value: (l) => figures(l.taxablePaise) },
    {
      title: 'Rate',
      width: doc.intraState ? 46 : 30,
      align: 'right',
      value: (l) => (doc.intraState ? `${half(l.rate)}+${half(l.rate)}` : `${l.rate}%`),
    },
    ...(doc.intraState
      ? [money('CGST', 56, 'cgstPaise'), money('SGST', 56, 'sgstPaise')]
      : [money('IGST', 66, 'igstPaise')]),
    { title: 'Total', width: 73, align: 'right', value: (l) => figures(l.totalPaise) },
  ];
}

/** The PDF of an issued document. */
export async function taxDocumentPdf(doc: LeanTaxDocument): Promise<Buffer> {
  // Loaded on the first document, not at every worker's start (~0.45 s of CPU, ~25 MiB).
  const { default: PDFDocument } = await import('pdfkit');
  const isInvoice = doc.kind === 'invoice';
  const title = isInvoice ? 'Tax Invoice' : 'Credit Note';
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: {
      Title: `${title} ${doc.number}`,
      Author: doc.seller.name,
      Subject: `Order #${doc.orderNumber}`,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;

  pdf.font('Helvetica-Bold').fontSize(16).text(title.toUpperCase(), { align: 'center' });
  pdf.moveDown(0.8);

  // Seller on the left, the document's particulars on the right.
  const top = pdf.y;
  pdf
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(doc.seller.name, left, top, { width: width / 2 });
  pdf
    .font('Helvetica')
    .fontSize(9)
    .text(doc.seller.address, { width: width / 2 });
  pdf.text(`State: ${stateWithCode(doc.seller)}`, { width: width / 2 });
  pdf.text(`GSTIN: ${doc.seller.gstin}`, { width: width / 2 });
  const sellerBottom = pdf.y;

  const particulars = [
    [`${title} No.`, doc.number],
    ['Date', indianDay(doc.issuedAt)],
    ['Order', `#${doc.orderNumber}`],
    ['Place of supply', stateWithCode(doc.placeOfSupply)],
    ['Reverse charge', 'No'],
    ...(doc.refersTo
      ? [['Against invoice', `${doc.refersTo.number} dated ${indianDay(doc.refersTo.issuedAt)}`]]
      : []),
    ...(doc.reason ? [['Reason', doc.reason]] : []),
  ];
  pdf.y = top;
  for (const [label, value] of particulars) {
    const y = pdf.y;
    pdf.font('Helvetica-Bold').text(`${label}:`, left + width / 2 + 10, y, { width: 95 });
    pdf.font('Helvetica').text(value!, left + width / 2 + 105, y, { width: width / 2 - 105 });
  }
  pdf.y = Math.max(pdf.y, sellerBottom) + 12;

  pdf.font('Helvetica-Bold').fontSize(10).text('Billed and shipped to', left, pdf.y);
  pdf.font('Helvetica').fontSize(9).text(doc.buyer.name, { width });
  if (doc.buyer.address) pdf.text(doc.buyer.address, { width });
  if (doc.buyer.state) pdf.text(`State: ${stateWithCode(doc.buyer)}`, { width });
  if (doc.buyer.gstin) pdf.text(`GSTIN: ${doc.buyer.gstin}`, { width });
  pdf.moveDown(1);

  // The lines as a table; amounts in rupees.
  const columns = columnsFor(doc);
  const row = (cells: string[], bold: boolean) => {
    const y = pdf.y;
    let x = left;
    let bottom = y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    cells.forEach((cell, i) => {
      const col = columns[i]!;
      pdf.text(cell, x + 2, y, { width: col.width - 4, align: col.align });
      bottom = Math.max(bottom, pdf.y);
      x += col.width;
    });
    pdf.y = bottom + 3;
    pdf
      .moveTo(left, pdf.y - 1.5)
      .lineTo(left + width, pdf.y - 1.5)
      .lineWidth(0.5)
      .stroke('#999999');
  };
  row(
    columns.map((c) => c.title),
    true,
  );
  doc.lines.forEach((line, i) => {
    if (pdf.y > pdf.page.height - 160) pdf.addPage();
    row(
      columns.map((c) => c.value(line, i)),
      false,
    );
  });
  const t = doc.totals;
  const totalsRow = columns.map((c): string => {
    switch (c.title) {
      case 'Description':
        return 'Total';
      case 'Taxable value':
        return figures(t.taxablePaise);
      case 'CGST':
        return figures(t.cgstPaise);
      case 'SGST':
        return figures(t.sgstPaise);
      case 'IGST':
        return figures(t.igstPaise);
      case 'Total':
        return figures(t.totalPaise);
      default:
        return '';
    }
  });
  row(totalsRow, true);
  pdf.moveDown(0.6);

  const taxPaise = t.cgstPaise + t.sgstPaise + t.igstPaise;
  pdf.font('Helvetica').fontSize(9);
  pdf.text(`Amounts in Indian rupees (INR). Total tax: ${figures(taxPaise)}`, left, pdf.y, {
    width,
  });
  pdf
    .font('Helvetica-Bold')
    .text(`${isInvoice ? 'Invoice' : 'Credit'} total: INR ${figures(t.totalPaise)}`, { width });
  pdf.font('Helvetica').text(`In words: ${rupeesInWords(t.totalPaise)}`, { width });
  pdf.moveDown(1.2);
  pdf
    .fontSize(8)
    .fillColor('#444444')
    .text(
      isInvoice
        ? 'Prices include GST. This invoice is generated by computer and needs no signature.'
        : 'This credit note reduces the invoice named above. It is generated by computer and needs no signature.',
      { width },
    );
  pdf.end();
  return done;
}
