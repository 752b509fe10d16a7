/**
 * DATA_DIR holds password-reset mails, the local JWT secret and the embedded database: only the
 * shop's own user may read it. Folders are created 0700 and files 0600 (and an existing data
 * folder is narrowed to 0700 at start-up), whatever the process's umask.
 */
import { chmodSync, mkdirSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and its parents) 0700, and narrows it to 0700 if it existed. */
export function ensurePrivateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
}

export async function writePrivateFile(file: string, data: Buffer | string): Promise<void> {
  await writeFile(file, data, { mode: PRIVATE_FILE_MODE });
}
