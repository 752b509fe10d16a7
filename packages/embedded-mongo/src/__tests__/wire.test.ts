import net from 'node:net';
import { deserialize, serialize } from 'bson';
import type { Document } from 'bson';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmbeddedMongo } from '../index.js';
import type { EmbeddedMongo } from '../index.js';
import { crc32c } from '../wire/crc32c.js';

let mongo: EmbeddedMongo;
beforeAll(async () => {
  mongo = await startEmbeddedMongo();
});
afterAll(async () => {
  await mongo.stop();
});

/** Sends raw bytes and resolves with the first reply (or 'closed'). */
function exchange(port: number, bytes: Buffer): Promise<Buffer | 'closed'> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    let buf = Buffer.alloc(0);
    s.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      if (buf.length >= 4 && buf.length >= buf.readInt32LE(0)) {
        s.destroy();
        resolve(buf);
      }
    });
    s.on('close', () => resolve(buf.length ? buf : 'closed'));
    s.on('error', () => undefined);
    s.write(bytes);
  });
}

function opMsg(
  doc: Document,
  opts: { checksum?: boolean; sequence?: [string, Document[]] } = {},
): Buffer {
  const parts: Buffer[] = [Buffer.from([0]), Buffer.from(serialize(doc))];
  if (opts.sequence) {
    const [id, docs] = opts.sequence;
    const body = Buffer.concat([
      Buffer.from(id + '\0'),
      ...docs.map((d) => Buffer.from(serialize(d))),
    ]);
    const size = Buffer.alloc(4);
    size.writeInt32LE(body.length + 4);
    parts.push(Buffer.from([1]), size, body);
  }
  const sections = Buffer.concat(parts);
  const len = 16 + 4 + sections.length + (opts.checksum ? 4 : 0);
  const msg = Buffer.alloc(len);
  msg.writeInt32LE(len, 0);
  msg.writeInt32LE(7, 4);
  msg.writeInt32LE(0, 8);
  msg.writeInt32LE(2013, 12);
  msg.writeUInt32LE(opts.checksum ? 1 : 0, 16);
  sections.copy(msg, 20);
  if (opts.checksum) msg.writeUInt32LE(crc32c(msg, 0, len - 4), len - 4);
  return msg;
}

function replyBody(reply: Buffer | 'closed'): Document {
  if (reply === 'closed') throw new Error('connection closed');
  expect(reply.readInt32LE(12)).toBe(2013);
  expect(reply.readInt32LE(8)).toBe(7); // responseTo
  return deserialize(reply.subarray(21));
}

describe('wire protocol', () => {
  it('answers the legacy OP_QUERY isMaster handshake with OP_REPLY', async () => {
    const q = Buffer.from(
      serialize({ isMaster: 1, helloOk: true, client: { driver: { name: 'raw' } } }),
    );
    const ns = Buffer.from('admin.$cmd\0');
    const msg = Buffer.alloc(16 + 4 + ns.length + 8 + q.length);
    msg.writeInt32LE(msg.length, 0);
    msg.writeInt32LE(1, 4);
    msg.writeInt32LE(2004, 12);
    ns.copy(msg, 20);
    msg.writeInt32LE(-1, 20 + ns.length + 4);
    q.copy(msg, 20 + ns.length + 8);
    const reply = await exchange(mongo.port, msg);
    if (reply === 'closed') throw new Error('closed');
    expect(reply.readInt32LE(12)).toBe(1);
    expect(reply.readInt32LE(32)).toBe(1); // numberReturned
    const doc = deserialize(reply.subarray(36));
    expect(doc).toMatchObject({
      ismaster: true,
      helloOk: true,
      maxWireVersion: 21,
      minWireVersion: 0,
      ok: 1,
    });
    expect(doc.maxBsonObjectSize).toBe(16 * 1024 * 1024);
    expect(doc.logicalSessionTimeoutMinutes).toBe(30);
    expect(doc.topologyVersion).toBeUndefined();
    expect(doc.compression).toBeUndefined();
  });

  it('handles OP_MSG with a checksum and a kind-1 document sequence', async () => {
    const ping = replyBody(
      await exchange(mongo.port, opMsg({ ping: 1, $db: 'admin' }, { checksum: true })),
    );
    expect(ping.ok).toBe(1);
    const ins = replyBody(
      await exchange(
        mongo.port,
        opMsg(
          { insert: 'seq', $db: 'wire' },
          { sequence: ['documents', [{ _id: 1 }, { _id: 2 }]] },
        ),
      ),
    );
    expect(ins).toMatchObject({ n: 2, ok: 1 });
  });

  it('closes a connection with a bad checksum or malformed message, and keeps serving others', async () => {
    const bad = opMsg({ ping: 1, $db: 'admin' }, { checksum: true });
    bad.writeUInt32LE(bad.readUInt32LE(bad.length - 4) ^ 1, bad.length - 4);
    expect(await exchange(mongo.port, bad)).toBe('closed');
    const garbage = Buffer.alloc(32, 0xff);
    garbage.writeInt32LE(32, 0);
    garbage.writeInt32LE(2013, 12);
    expect(await exchange(mongo.port, garbage)).toBe('closed');
    const huge = Buffer.alloc(16);
    huge.writeInt32LE(2_000_000_000, 0);
    expect(await exchange(mongo.port, huge)).toBe('closed');
    expect(replyBody(await exchange(mongo.port, opMsg({ ping: 1, $db: 'admin' }))).ok).toBe(1);
  });

  it('reports unknown commands as CommandNotFound and refuses transactions', async () => {
    const client = await MongoClient.connect(mongo.uri);
    try {
      await expect(client.db('x').command({ frobnicate: 1 })).rejects.toMatchObject({
        code: 59,
        codeName: 'CommandNotFound',
      });
      const session = client.startSession();
      session.startTransaction();
      // The driver rewrites mongod's code 20 reply into its "does not support retryable writes" hint.
      await expect(client.db('x').collection('t').insertOne({ a: 1 }, { session })).rejects.toThrow(
        /retryable writes|Transaction numbers/,
      );
      await expect(
        client
          .db('x')
          .command({ find: 't', txnNumber: 1, startTransaction: true, autocommit: false }),
      ).rejects.toMatchObject({ code: 20 });
      await session.abortTransaction().catch(() => undefined);
      await session.endSession();
      const info = await client.db('admin').command({ buildInfo: 1 });
      expect(info.version).toBe('7.0.0');
      for (const cmd of [
        'hostInfo',
        'serverStatus',
        'connectionStatus',
        'whatsmyuri',
        'getCmdLineOpts',
        'listDatabases',
      ]) {
        expect((await client.db('admin').command({ [cmd]: 1 })).ok).toBe(1);
      }
      expect(
        (await client.db('admin').command({ getParameter: 1, featureCompatibilityVersion: 1 })).ok,
      ).toBe(1);
      expect((await client.db('admin').command({ getLog: 'startupWarnings' })).ok).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('keeps polling heartbeats going without leaking connections', async () => {
    const client = await MongoClient.connect(mongo.uri, {
      heartbeatFrequencyMS: 500,
      minHeartbeatFrequencyMS: 50,
    } as never);
    let beats = 0;
    let failures = 0;
    client.on('serverHeartbeatSucceeded', () => beats++);
    client.on('serverHeartbeatFailed', () => failures++);
    await client.db('admin').command({ ping: 1 });
    const status = async (): Promise<number> =>
      ((await client.db('admin').command({ serverStatus: 1 })).connections as Document)
        .current as number;
    const before = await status();
    // Four more heartbeats (every 500 ms), waited for generously.
    const target = beats + 4;
    await vi.waitFor(() => expect(beats).toBeGreaterThanOrEqual(target), {
      timeout: 20_000,
      interval: 100,
    });
    expect(failures).toBe(0);
    expect(await status()).toBe(before);
    await client.close();
  });
});
