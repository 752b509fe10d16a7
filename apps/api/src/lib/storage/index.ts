/**
 * The photo adapter (DESIGN.md): Cloudinary when CLOUDINARY_URL is set, otherwise files
 * under DATA_DIR/uploads served at /uploads. The catalog module owns the implementation.
 */
export interface StoredPhoto {
  /** What the adapter needs to delete the photo later. */
  key: string;
  /** The default-width URL. */
  url: string;
  widths: Array<{ width: number; url: string }>;
}

export interface PhotoStore {
  readonly kind: 'local' | 'cloudinary';
  /** Re-encodes (which strips metadata) and stores one image; the input is already known to be an image. */
  save(image: Buffer, nameHint: string): Promise<StoredPhoto>;
  remove(photo: Pick<StoredPhoto, 'key'>): Promise<void>;
}

import type { Config } from '../../config/index.js';

/** Chooses the adapter from configuration. (Local files until the catalog module adds Cloudinary.) */
export function createPhotoStore(_config: Config): PhotoStore {
  return {
    kind: 'local',
    save: () => Promise.reject(new Error('Photo storage is not implemented yet')),
    remove: () => Promise.resolve(),
  };
}
