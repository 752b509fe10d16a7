/**
 * GST facts kept as data: the T-shirt's HSN code, its rate slabs with the date each set took
 * effect, and the state codes GSTINs and invoices use. A change of the law is a new row here.
 */

/** T-shirts, singlets and other vests, knitted or crocheted. */
export const TSHIRT_HSN = '6109';

/** One slab: pieces whose taxable value is at most `upToPaise` (none: any value) pay `rate` %. */
export interface GstSlab {
  upToPaise?: number;
  rate: number;
}

/** The slabs in force from `from` (a date in India, inclusive) until the next set's date. */
export interface GstRuleSet {
  from: string;
  /** Where the rule comes from, printed nowhere: for whoever checks or adds a row. */
  source: string;
  /** Lowest first; the last has no upper bound. */
  slabs: readonly GstSlab[];
}

/**
 * Apparel of chapter 61 (HSN 6109 among it), the rate chosen by the sale value of one piece.
 * Oldest first.
 */
export const APPAREL_GST_RULES: readonly GstRuleSet[] = [
  {
    from: '2017-07-01',
    source: 'Notification 1/2017-Central Tax (Rate): chapter 61, ₹1,000 a piece',
    slabs: [{ upToPaise: 100_000, rate: 5 }, { rate: 12 }],
  },
  {
    from: '2025-09-22',
    source: 'GST Council, 56th meeting (rates from 22 September 2025): chapter 61, ₹2,500 a piece',
    slabs: [{ upToPaise: 250_000, rate: 5 }, { rate: 18 }],
  },
];

/** India's time zone has no daylight saving: dates and financial years are read at UTC+5:30. */
export const INDIA_OFFSET_MINUTES = 330;

/**
 * The states and union territories as GST numbers them (the first two digits of a GSTIN), under
 * the names the shop's addresses use. Codes 25 (Daman and Diu) and 28 (Andhra Pradesh before
 * 2014) are older codes still found in GSTINs; invoices use the current code of the state.
 */
export const GST_STATES = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
] as const;

export type GstStateName = (typeof GST_STATES)[number]['name'];
export const GST_STATE_NAMES = GST_STATES.map((s) => s.name) as [GstStateName, ...GstStateName[]];

/** Older state codes a GSTIN may still start with, and the state they stand for now. */
export const GST_FORMER_STATE_CODES: Readonly<Record<string, GstStateName>> = {
  '25': 'Dadra and Nagar Haveli and Daman and Diu',
  '28': 'Andhra Pradesh',
};

/** The two series the shop numbers, each restarting every financial year. */
export const TAX_DOCUMENT_KINDS = ['invoice', 'credit-note'] as const;
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number];

/** Rule 46 of the CGST Rules: a tax invoice's number is at most 16 characters. */
export const TAX_DOCUMENT_NUMBER_MAX = 16;
/** The running number's digits ("000123"). */
export const TAX_DOCUMENT_SEQUENCE_DIGITS = 6;
