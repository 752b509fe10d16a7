/** DATA_DIR's folders are 0700 and its files 0600: reset codes and secrets are the shop user's alone. */
import { mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index.js';
import { createLogger } from '../lib/logger.js';
import { createMailTransport } from '../lib/mailer/index.js';
import { ensurePrivateDirSync } from '../lib/private-files.js';
import { createLocalPhotoStore } from '../lib/storage/local.js';

const modeOf = (path: string) => statSync(path).mode & 0o777;
const fresh = () => join(mkdtempSync(join(tmpdir(), 'shop-modes-')), 'data');

describe('private data files', () => {
  it('creates the data folder 0700 with the local JWT secret 0600', () => {
    const dataDir = fresh();
    loadConfig({ DATA_DIR: dataDir });
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'jwt-secret'))).toBe(0o600);
  });

  it('narrows an existing data folder to 0700 at start-up', () => {
    const dataDir = fresh();
    mkdirSync(dataDir, { mode: 0o755 });
    ensurePrivateDirSync(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
  });

  it('writes outbox mails (which hold reset codes) 0600 in a 0700 folder', async () => {
    const dataDir = fresh();
    const mailer = createMailTransport({
      from: 'shop@example.com',
      dataDir,
      logger: createLogger('silent'),
    });
    await mailer.send({
      to: 'a@example.com',
      subject: 'Code',
      text: '123456',
      html: '<b>123456</b>',
    });
    mailer.close();
    const outbox = join(dataDir, 'outbox');
    expect(modeOf(outbox)).toBe(0o700);
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(modeOf(join(outbox, files[0]!))).toBe(0o600);
  });

  it('stores photos 0600 in a 0700 folder', async () => {
    const dir = join(fresh(), 'uploads');
    const store = createLocalPhotoStore({ dir, publicPath: '/uploads' });
    await store.save({
      name: 'abc123',
      variants: [{ width: 320, data: Buffer.from('webp') }],
    } as never);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(join(dir, 'abc123-320.webp'))).toBe(0o600);
  });
});
