/**
 * A product's rating as product reads show it: written by the reviews module (which sits above)
 * after each change of a product's reviews. Like every product write it moves the catalog
 * version on (product.model.ts's plugin), so cached reads and pages show it at once.
 */
import mongoose from 'mongoose';
import type { Rating } from '@repo/shared';
import { Product } from './product.model.js';

/**
 * Sets the product's rating if `seq` is newer than the one it was written with: of two
 * recomputations finishing out of order, the older one's answer is never kept.
 */
export async function setProductRating(
  productId: string,
  rating: Rating,
  seq: number,
): Promise<void> {
  await Product.updateOne(
    {
      _id: new mongoose.Types.ObjectId(productId),
      $or: [{ 'rating.seq': { $lt: seq } }, { 'rating.seq': { $exists: false } }],
    },
    { $set: { rating: { ...rating, seq } } },
  );
}
