/**
 * An amount in words as Indian invoices write it, counting in thousands, lakhs (1,00,000) and
 * crores (1,00,00,000): ₹1,23,45,678.50 is "Rupees One Crore Twenty-Three Lakh Forty-Five Thousand
 * Six Hundred Seventy-Eight and Fifty Paise Only".
 */

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const ones = n % 10;
  return ones ? `${TENS[Math.floor(n / 10)]}-${ONES[ones]}` : TENS[n / 10]!;
}

/** A whole number in words, Indian style; "Zero" for 0. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError('A whole, non-negative number');
  if (n === 0) return 'Zero';
  const parts: string[] = [];
  const crores = Math.floor(n / 10_000_000);
  if (crores) parts.push(`${numberInWords(crores)} Crore`);
  const lakhs = Math.floor((n % 10_000_000) / 100_000);
  if (lakhs) parts.push(`${belowHundred(lakhs)} Lakh`);
  const thousands = Math.floor((n % 100_000) / 1000);
  if (thousands) parts.push(`${belowHundred(thousands)} Thousand`);
  const hundreds = Math.floor((n % 1000) / 100);
  if (hundreds) parts.push(`${ONES[hundreds]} Hundred`);
  const rest = n % 100;
  if (rest) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/** An amount in paise in words: "Rupees Five Hundred Only", "Rupees Ten and Five Paise Only". */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError('Whole, non-negative paise');
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const paiseText = rest ? ` and ${numberInWords(rest)} Paise` : '';
  return `Rupees ${numberInWords(rupees)}${paiseText} Only`;
}
