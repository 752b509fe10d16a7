// With a data directory the server listens only on a Unix socket inside it, mode 0600 (no TCP
// port another local user could reach); TCP only when asked for.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedMongo } from '../index.js';

/** Inodes of this process's listening TCP sockets (from /proc: its fds and the TCP tables). */
function listeningTcpInodes(): Set<string> {
  const mine = new Set<string>();
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/self/fd/${fd}`));
      if (m) mine.add(m[1]!);
    } catch {
      // the fd closed meanwhile
    }
  }
  const out = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // st 0A is LISTEN; the inode is the 10th column
      if (cols[3] === '0A' && mine.has(cols[9]!)) out.add(cols[9]!);
    }
  }
  return out;
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const tmp = (): string => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'emb-sock-'));
  dirs.push(d);
  return d;
};

describe('listening', () => {
  it('listens only on DATA/mongod.sock with mode 0600 by default', async () => {
    const dir = tmp();
    const before = listeningTcpInodes();
    const mongo = await startEmbeddedMongo({ dataDir: dir });
    try {
      const sock = path.join(dir, 'mongod.sock');
      const st = fs.statSync(sock);
      expect(st.isSocket()).toBe(true);
      expect(st.mode & 0o777).toBe(0o600);
      expect(mongo.port).toBe(0);
      expect(mongo.uri).toBe(`mongodb://${encodeURIComponent(sock)}/`);
      expect([...listeningTcpInodes()].filter((i) => !before.has(i))).toEqual([]);
      const client = await MongoClient.connect(`${mongo.uri}shop`);
      await client.db().collection('c').insertOne({ a: 1 });
      expect(await client.db().collection('c').countDocuments()).toBe(1);
      await client.close();
    } finally {
      await mongo.stop();
    }
    expect(fs.existsSync(path.join(dir, 'mongod.sock'))).toBe(false);
  });

  it('opens TCP too when asked for, and replaces a socket file left by a crash', async () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'mongod.sock'), 'stale');
    const before = listeningTcpInodes();
    const mongo = await startEmbeddedMongo({ dataDir: dir, tcp: true });
    try {
      expect(mongo.port).toBeGreaterThan(0);
      expect([...listeningTcpInodes()].filter((i) => !before.has(i))).toHaveLength(1);
      expect(fs.statSync(path.join(dir, 'mongod.sock')).isSocket()).toBe(true);
      for (const uri of [mongo.uri, mongo.socketUri!]) {
        const client = await MongoClient.connect(uri);
        expect(await client.db('admin').command({ ping: 1 })).toMatchObject({ ok: 1 });
        await client.close();
      }
    } finally {
      await mongo.stop();
    }
  });

  it('puts the socket in a private temporary folder when the data folder path is too long for one', async () => {
    const dir = path.join(
      tmp(),
      'a-data-folder-whose-path-is-longer-than-a-unix-socket-address-can-hold'.repeat(2),
    );
    fs.mkdirSync(dir);
    const mongo = await startEmbeddedMongo({ dataDir: dir });
    const sock = mongo.socketPath!;
    try {
      expect(path.dirname(path.dirname(sock))).toBe(os.tmpdir());
      expect(fs.statSync(path.dirname(sock)).mode & 0o777).toBe(0o700);
      expect(fs.statSync(sock).mode & 0o777).toBe(0o600);
      const client = await MongoClient.connect(`${mongo.uri}shop`);
      await client.db().collection('c').insertOne({ a: 1 });
      await client.close();
    } finally {
      await mongo.stop();
    }
    expect(fs.existsSync(path.dirname(sock))).toBe(false);
  });
});
