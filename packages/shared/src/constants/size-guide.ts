import type { Size } from './index.js';

/**
 * The size guide: the garment measured flat, chest (armpit to armpit, doubled) and length
 * (shoulder to hem), in centimetres; inches are derived (cmToInches).
 */
export const SIZE_GUIDE: ReadonlyArray<{ size: Size; chestCm: number; lengthCm: number }> = [
  { size: 'XS', chestCm: 86, lengthCm: 66 },
  { size: 'S', chestCm: 91, lengthCm: 69 },
  { size: 'M', chestCm: 97, lengthCm: 72 },
  { size: 'L', chestCm: 102, lengthCm: 74 },
  { size: 'XL', chestCm: 107, lengthCm: 76 },
  { size: 'XXL', chestCm: 112, lengthCm: 78 },
  { size: '3XL', chestCm: 117, lengthCm: 80 },
];

/** Centimetres to inches, to the nearest half inch (the size guide). */
export function cmToInches(cm: number): number {
  return Math.round((cm / 2.54) * 2) / 2;
}
