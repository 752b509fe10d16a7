/**
 * The product page's "Product details": what Indian rules ask of an online listing and what a
 * shopper asks before buying clothes (issue 33): the MRP (incl. of all taxes), country of
 * origin, the garment's facts the admin has set, and who sells it (`seller`: the shop's
 * details, from its settings rather than per product).
 */
import { useId, type ReactNode } from 'react';
import type { Product } from '@repo/shared';
import { formatRupees } from '@repo/shared/rules';

export function ProductFacts({ product, seller }: { product: Product; seller?: ReactNode }) {
  const headingId = useId();
  const facts: Array<[string, ReactNode]> = [];
  if (product.mrp !== undefined)
    facts.push(['MRP', `${formatRupees(product.mrp)} (incl. of all taxes)`]);
  if (product.fabric) facts.push(['Fabric', product.fabric]);
  if (product.gsm !== undefined) facts.push(['Fabric weight', `${product.gsm} GSM`]);
  if (product.fit) facts.push(['Fit', `${product.fit} fit`]);
  if (product.washCare) facts.push(['Wash care', product.washCare]);
  if (product.countryOfOrigin) facts.push(['Country of origin', product.countryOfOrigin]);
  if (seller) facts.push(['Sold by', seller]);
  if (!facts.length) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-2 rounded-2xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id={headingId} className="mb-3 text-base font-bold">
        Product details
      </h2>
      <dl className="grid grid-cols-[minmax(0,9rem)_1fr] gap-x-4 gap-y-2 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-500 dark:text-slate-400">{term}</dt>
            <dd className="whitespace-pre-line text-slate-800 dark:text-slate-200">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
