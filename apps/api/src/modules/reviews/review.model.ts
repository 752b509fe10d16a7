import mongoose, { type Types } from 'mongoose';
import { REVIEW_FITS, REVIEW_STATUSES, type ReviewFit, type ReviewStatus } from '@repo/shared';
import type { StoredPhoto } from '../../lib/storage/index.js';

const reviewPhotoSchema = new mongoose.Schema(
  {
    /** The storage adapter's key, used to delete the files. */
    key: { type: String, required: true },
    url: { type: String, required: true },
    widths: [{ _id: false, width: Number, url: String }],
  },
  { _id: false },
);

/** One customer's review of one product (at most one: a unique index on product and user). */
const reviewSchema = new mongoose.Schema(
  {
    product: { type: mongoose.Schema.Types.ObjectId, required: true },
    user: { type: mongoose.Schema.Types.ObjectId, required: true },
    /** The delivered order that makes the author a verified buyer. */
    order: { type: mongoose.Schema.Types.ObjectId, required: true },
    /** The size they bought, from that order. */
    size: { type: String, required: true },
    /** The author as shown: first name and last initial, taken when the review is written. */
    author: { type: String, required: true },
    stars: { type: Number, required: true, min: 1, max: 5 },
    title: { type: String, default: '' },
    text: { type: String, default: '' },
    fit: { type: String, enum: REVIEW_FITS, required: true },
    photos: { type: [reviewPhotoSchema], default: [] },
    status: { type: String, enum: REVIEW_STATUSES, required: true },
    /** Why it is held for the admin (empty when published by the checks). */
    heldFor: { type: [String], default: [] },
    /** How many customers found it helpful: always the length of `helpfulBy`. */
    helpful: { type: Number, default: 0 },
    /** Who found it helpful, each once (one conditional update adds a voter and counts them). */
    helpfulBy: { type: [mongoose.Schema.Types.ObjectId], default: [] },
    reply: {
      type: new mongoose.Schema({ text: String, at: Date }, { _id: false }),
      default: null,
    },
  },
  { timestamps: true },
);
reviewSchema.index({ product: 1, user: 1 }, { unique: true });
// The product page's two orders, published reviews only:
reviewSchema.index({ product: 1, status: 1, createdAt: -1, _id: -1 });
reviewSchema.index({ product: 1, status: 1, helpful: -1, createdAt: -1, _id: -1 });
// The admin's list, all or by status, newest first:
reviewSchema.index({ createdAt: -1, _id: -1 });
reviewSchema.index({ status: 1, createdAt: -1, _id: -1 });
// "Does another review still show these files?" before deleting them:
reviewSchema.index({ 'photos.key': 1 }, { sparse: true });

export const Review = mongoose.model('Review', reviewSchema);

export interface LeanReview {
  _id: Types.ObjectId;
  product: Types.ObjectId;
  user: Types.ObjectId;
  order: Types.ObjectId;
  size: string;
  author: string;
  stars: number;
  title: string;
  text: string;
  fit: ReviewFit;
  photos: StoredPhoto[];
  status: ReviewStatus;
  heldFor: string[];
  helpful: number;
  reply: { text: string; at: Date } | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Every field but the voters (a list that only grows). */
export const REVIEW_FIELDS = { helpfulBy: 0 } as const;

/**
 * A product's review summary: published reviews per star and per fit answer. `seq` counts the
 * changes of the product's reviews, `computed` is the change the figures are current for
 * (summary.ts).
 */
const reviewSummarySchema = new mongoose.Schema(
  {
    _id: { type: mongoose.Schema.Types.ObjectId },
    seq: { type: Number, default: 0 },
    computed: { type: Number, default: 0 },
    histogram: {
      1: { type: Number, default: 0 },
      2: { type: Number, default: 0 },
      3: { type: Number, default: 0 },
      4: { type: Number, default: 0 },
      5: { type: Number, default: 0 },
    },
    fit: {
      small: { type: Number, default: 0 },
      true: { type: Number, default: 0 },
      large: { type: Number, default: 0 },
    },
  },
  { timestamps: true, collection: 'review_summaries' },
);
export const ReviewSummary = mongoose.model('ReviewSummary', reviewSummarySchema);
