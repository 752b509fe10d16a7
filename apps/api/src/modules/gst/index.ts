/**
 * The gst module's public API (its models stay inside): tax invoices and credit notes, issued
 * once with gapless numbers, their PDFs, and the month's report. It reads the seller's details
 * from settings; orders hands it what an order recorded.
 */
export {
  documentsOf,
  invoiceLines,
  invoiceOf,
  issueCreditNote,
  issueInvoice,
  type CreditedPart,
  type InvoiceLine,
  type InvoiceSubject,
  type RecordedTax,
} from './tax-documents.js';
export { finishPendingClaims } from './numbering.js';
export { taxDocumentPdf } from './tax-document-pdf.js';
export { gstReport, type GstReport } from './gst-report.js';
export type { LeanTaxDocument } from './tax-document.model.js';
export { gstSeller } from './seller.js';
export { gstAdminRouter } from './gst.router.js';
