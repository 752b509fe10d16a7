/**
 * Photos as files under DATA_DIR/uploads, served by app.ts at /uploads with year-long
 * immutable caching: a file name carries a hash of the content, so a URL never changes meaning.
 */
import { randomBytes } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ensurePrivateDir, writePrivateFile } from '../private-files.js';
import type { PhotoStore, ProcessedPhoto, StoredPhoto } from './index.js';

/** The file (and the last part of the URL) of a photo's rendition. */
export const localFileName = (key: string, width: number) => `${key}-${width}.webp`;
const fileName = localFileName;

export function createLocalPhotoStore(opts: { dir: string; publicPath: string }): PhotoStore {
  /** Write then rename: a reader never sees a half-written file, even when the same photo is saved again. */
  async function writeAtomically(name: string, data: Buffer) {
    const tmp = join(opts.dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
    await writePrivateFile(tmp, data);
    await rename(tmp, join(opts.dir, name));
  }

  return {
    kind: 'local',
    async save(photo: ProcessedPhoto): Promise<StoredPhoto> {
      await ensurePrivateDir(opts.dir);
      await Promise.all(
        photo.variants.map((v) => writeAtomically(fileName(photo.name, v.width), v.data)),
      );
      const widths = photo.variants.map((v) => ({
        width: v.width,
        url: `${opts.publicPath}/${fileName(photo.name, v.width)}`,
      }));
      return { key: photo.name, url: widths[widths.length - 1]!.url, widths };
    },
    async remove(photo: StoredPhoto): Promise<void> {
      // Keys are ours ([a-z0-9-]); refuse anything that could reach outside the uploads folder.
      if (!/^[a-z0-9-]+$/.test(photo.key)) return;
      await Promise.all(
        photo.widths.map((w) => rm(join(opts.dir, fileName(photo.key, w.width)), { force: true })),
      );
    },
  };
}
