/**
 * The gst module's public API (its models stay inside): tax invoices and credit notes, issued
 * once with gapless numbers, their PDFs, and the month's report. It imports no other module;
 * orders hands it what an order recorded.
 */
export {
  documentsOf,
  invoiceOf,
  issueCreditNote,
  issueInvoice,
  type CreditedPart,
  type InvoiceLine,
  type InvoiceSubject,
} from './tax-documents.js';
export { finishPendingClaims } from './numbering.js';
export { taxDocumentPdf } from './tax-document-pdf.js';
export { gstReport, type GstReport } from './gst-report.js';
export type { LeanTaxDocument } from './tax-document.model.js';
