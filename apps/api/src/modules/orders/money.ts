/** "₹1,298" or "₹499.50": rupees as shoppers read them (Indian digit grouping). */
export function formatRupees(rupees: number): string {
  const digits = Number.isInteger(rupees) ? 0 : 2;
  return `₹${rupees.toLocaleString('en-IN', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

/** Whole paise → rupees, for storage and display (paise are the exact unit). */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}
