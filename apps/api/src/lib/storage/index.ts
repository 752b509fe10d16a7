/**
 * The photo adapter: Cloudinary when CLOUDINARY_URL is set, otherwise files under
 * SHARED_UPLOADS_DIR (a folder every replica mounts) or DATA_DIR/uploads, served at /uploads. Photos arrive already processed (validated,
 * re-encoded as WebP at each width, metadata stripped); an adapter only stores and deletes.
 */
import type { Config } from '../../config/index.js';
import { createCloudinaryPhotoStore } from './cloudinary.js';
import { createLocalPhotoStore } from './local.js';

/** One photo ready to store: WebP renditions, narrowest first, under a content-hashed name. */
export interface ProcessedPhoto {
  /** A content-hashed base name (e.g. "sunset-tee-3f9a0c1b2d4e"); the same bytes give the same name. */
  name: string;
  variants: Array<{ width: number; data: Buffer }>;
}

export interface StoredPhoto {
  /** What the adapter needs to delete the photo later. */
  key: string;
  /** The widest rendition's URL (the default `photo` of a product). */
  url: string;
  /** Every rendition, narrowest first, for srcset. */
  widths: Array<{ width: number; url: string }>;
}

export interface PhotoStore {
  readonly kind: 'local' | 'cloudinary';
  save(photo: ProcessedPhoto): Promise<StoredPhoto>;
  /** Deletes every rendition; a photo already gone is not an error. */
  remove(photo: StoredPhoto): Promise<void>;
}

/** Chooses the adapter from configuration alone. */
export function createPhotoStore(config: Config): PhotoStore {
  if (config.cloudinaryUrl) {
    return createCloudinaryPhotoStore({
      url: config.cloudinaryUrl,
      uploadPrefix: config.cloudinaryUploadPrefix,
    });
  }
  return createLocalPhotoStore({ dir: config.uploadsDir, publicPath: '/uploads' });
}
