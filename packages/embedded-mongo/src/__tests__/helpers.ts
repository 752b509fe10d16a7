import { MongoClient } from 'mongodb';
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
