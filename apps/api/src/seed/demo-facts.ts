/**
 * The demo catalog's product facts (issue 33): MRP, country of origin and the garment's facts,
 * fixed per T-shirt (no randomness, so every seed gives the same catalog). Every third T-shirt
 * has an MRP above its price (struck through with the share off), every third one an MRP equal
 * to its price (nothing struck) and the rest none.
 */
import type { ProductFit } from '@repo/shared';
import { DEMO_PRODUCTS, type DemoProduct } from './demo-catalog.js';

export interface DemoFacts {
  mrp?: number;
  countryOfOrigin: string;
  fabric: string;
  gsm: number;
  fit: ProductFit;
  washCare: string;
}

const WASH_CARE =
  'Machine wash cold, inside out. Do not bleach. Dry in shade; do not iron the print.';

/** An MRP as shops write them: about 30% above the price, ending in 99 (₹549 → ₹799). */
export function demoMrp(price: number): number {
  return Math.ceil((price * 1.3 + 1) / 100) * 100 - 1;
}

function factsOf(p: DemoProduct, i: number): DemoFacts {
  // The relaxed cut is the one made up to 3XL (demo-catalog.ts), in a heavier fabric.
  const relaxed = p.sizes.some((s) => s.size === '3XL');
  const sports = p.category === 'Sports';
  return {
    ...(i % 3 === 0 ? { mrp: demoMrp(p.price) } : i % 3 === 1 ? { mrp: p.price } : {}),
    countryOfOrigin: 'India',
    fabric: sports
      ? '60% cotton, 40% polyester'
      : p.price >= 1500
        ? '100% combed cotton'
        : '100% cotton',
    gsm: relaxed ? 220 : p.price >= 1500 ? 200 : 180,
    fit: relaxed ? 'Relaxed' : 'Regular',
    washCare: WASH_CARE,
  };
}

const FACTS = new Map(DEMO_PRODUCTS.map((p, i) => [p.name, factsOf(p, i)]));

/** A demo T-shirt's facts (by its name; a T-shirt not in the demo list has none). */
export function demoFactsOf(p: Pick<DemoProduct, 'name'>): DemoFacts | Record<string, never> {
  return FACTS.get(p.name) ?? {};
}
