/**
 * A shopper's "Notify me" for one sold-out colour and size of a product: one document per
 * (product, colour, size, email), the unique index making a second ask the same one. A sweep
 * (sweep.ts) claims it when the pair is back (`notifiedAt` set in one conditional write) and
 * mails once; the TTL index on `expiresAt` removes it 30 days after its mail, or 180 days after
 * the last ask when the pair never came back.
 */
import mongoose from 'mongoose';

const backInStockSchema = new mongoose.Schema(
  {
    product: { type: mongoose.Schema.Types.ObjectId, required: true },
    /** The colour as `colourKey` reads it ("navy-blue"), and its name as the product had it. */
    colourKey: { type: String, required: true },
    colour: { type: String, required: true },
    size: { type: String, required: true },
    /** Lower case, as the shared schema leaves it. */
    email: { type: String, required: true },
    /** When its mail was queued; null while it waits for the pair to come back. */
    notifiedAt: { type: Date, default: null },
    /** When the TTL index removes it. */
    expiresAt: { type: Date, required: true },
  },
  {
    collection: 'back_in_stock',
    versionKey: false,
    timestamps: { createdAt: true, updatedAt: false },
  },
);
backInStockSchema.index({ product: 1, colourKey: 1, size: 1, email: 1 }, { unique: true });
// The sweep: which products have someone waiting.
backInStockSchema.index({ notifiedAt: 1, product: 1 });
backInStockSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export const BackInStock = mongoose.model('BackInStock', backInStockSchema);
