#!/usr/bin/env node
/**
 * Backups of the embedded database (DATA_DIR/db), in mongodump's directory format:
 *   pnpm db:backup            → DATA_DIR/backups/<UTC time>/ (works while the shop runs); keeps
 *                               the newest BACKUP_KEEP (7) backups and deletes older ones
 *   pnpm db:restore <folder>  → the shop's database becomes that backup (stop the shop first);
 *                               the database it replaces is kept as DATA_DIR/db.before-restore-<time>
 * A backup folder also loads into any MongoDB: `mongorestore <folder>`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fail = (message) => {
  console.error(`✖ ${message}`);
  process.exit(1);
};

let mongo;
try {
  mongo = await import(join(root, 'packages/embedded-mongo/dist/index.js'));
} catch {
  fail('build the embedded database first: pnpm --filter @repo/embedded-mongo build');
}

if (process.env.MONGODB_URI)
  fail('MONGODB_URI is set: the shop uses MongoDB, back it up with mongodump / mongorestore');
const dataDirEnv = process.env.DATA_DIR || '.data';
const dataDir = isAbsolute(dataDirEnv) ? dataDirEnv : resolve(root, dataDirEnv);
const dbDir = join(dataDir, 'db');
const backups = join(dataDir, 'backups');
const stamp = () =>
  new Date()
    .toISOString()
    .replace(/:/g, '-')
    .replace(/\.\d+Z$/, 'Z');

const [command, arg] = process.argv.slice(2);
if (command === 'backup') {
  const keep = Number(process.env.BACKUP_KEEP ?? 7);
  if (!Number.isInteger(keep) || keep < 1) fail('BACKUP_KEEP must be a whole number of at least 1');
  if (!existsSync(dbDir)) fail(`no embedded database at ${dbDir}`);
  mkdirSync(backups, { recursive: true, mode: 0o700 });
  const out = join(backups, stamp());
  const s = mongo.dumpDataDir(dbDir, out);
  console.log(`✔ backup ${out}: ${s.documents} documents in ${s.collections} collections`);
  const old = readdirSync(backups, { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^\d{4}-\d\d-\d\dT/.test(d.name))
    .map((d) => d.name)
    .sort()
    .slice(0, -keep);
  for (const name of old) {
    rmSync(join(backups, name), { recursive: true, force: true });
    console.log(`  removed the older backup ${name} (keeping ${keep})`);
  }
} else if (command === 'restore') {
  if (!arg) fail('usage: pnpm db:restore <backup folder>');
  const from = isAbsolute(arg) ? arg : resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  if (!existsSync(from)) fail(`no backup at ${from}`);
  const lock = join(dbDir, 'LOCK');
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, 'utf8'));
    let alive;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch (e) {
      alive = e.code === 'EPERM';
    }
    if (pid && alive) fail(`the shop is running (process ${pid}): stop it, then restore`);
  }
  const staging = `${dbDir}.restoring`;
  rmSync(staging, { recursive: true, force: true });
  const s = await mongo.restoreDataDir(staging, from);
  let kept = '';
  if (existsSync(dbDir)) {
    kept = `${dbDir}.before-restore-${stamp()}`;
    renameSync(dbDir, kept);
  }
  renameSync(staging, dbDir);
  console.log(`✔ restored ${s.documents} documents in ${s.collections} collections from ${from}`);
  if (kept) console.log(`  the database it replaced is kept in ${kept}`);
} else {
  fail('usage: pnpm db:backup | pnpm db:restore <backup folder>');
}
