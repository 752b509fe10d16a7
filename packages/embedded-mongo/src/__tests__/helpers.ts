import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterEach } from 'vitest';
import type { Db } from 'mongodb';
import { startEmbeddedMongo } from '../index.js';
import type { EmbeddedMongo, EmbeddedMongoOptions } from '../index.js';

export interface Harness {
  mongo: EmbeddedMongo;
  client: MongoClient;
  db: Db;
  close(): Promise<void>;
}

let dbCounter = 0;

export async function harness(options: EmbeddedMongoOptions = {}): Promise<Harness> {
  const mongo = await startEmbeddedMongo(options);
  const client = await MongoClient.connect(mongo.uri, { serverSelectionTimeoutMS: 5000 });
  const db = client.db(`test${++dbCounter}`);
  return {
    mongo,
    client,
    db,
    async close() {
      await client.close();
      await mongo.stop();
    },
  };
}

/**
 * Temporary folders for the tests of the file that calls this (at its top level): each call of
 * the returned function makes one, and every one is removed after each test.
 */
export function tempDirs(prefix: string): () => string {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  return () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(d);
    return d;
  };
}
