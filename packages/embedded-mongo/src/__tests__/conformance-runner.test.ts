// The conformance runner supports the unified-format operations CRUD files use, so a file never
// fails for the runner's sake. The file below is written here (not taken from MongoDB's specs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnifiedRunner } from '../conformance/runner.js';
import { startEmbeddedMongo } from '../index.js';
import type { EmbeddedMongo } from '../index.js';

let mongo: EmbeddedMongo;
let runner: UnifiedRunner;
beforeAll(async () => {
  mongo = await startEmbeddedMongo({ enableTestCommands: true });
  runner = new UnifiedRunner(mongo.uri);
  await runner.open();
});
afterAll(async () => {
  await runner.close();
  await mongo.stop();
});

const file = {
  description: 'runner operations',
  schemaVersion: '1.0',
  createEntities: [
    { client: { id: 'client0' } },
    { database: { id: 'db0', client: 'client0', databaseName: 'runner-ops' } },
    { collection: { id: 'coll0', database: 'db0', collectionName: 'coll0' } },
    { session: { id: 'session0', client: 'client0' } },
  ],
  initialData: [
    {
      collectionName: 'coll0',
      databaseName: 'runner-ops',
      documents: [
        { _id: 1, x: 11 },
        { _id: 2, x: 22 },
      ],
    },
  ],
  tests: [
    {
      description: 'findOne, cursors, indexes, collections, rename and assertions',
      operations: [
        {
          name: 'findOne',
          object: 'coll0',
          arguments: { filter: { x: { $gt: 11 } } },
          expectResult: { _id: 2, x: 22 },
        },
        {
          name: 'findOne',
          object: 'coll0',
          arguments: { filter: { x: 99 } },
          expectResult: null,
        },
        {
          name: 'insertOne',
          object: 'coll0',
          arguments: { session: 'session0', document: { _id: 3, x: 33 } },
        },
        {
          name: 'deleteOne',
          object: 'coll0',
          arguments: { session: 'session0', filter: { _id: 3 } },
          expectResult: { deletedCount: 1 },
        },
        { name: 'endSession', object: 'session0' },
        {
          name: 'createFindCursor',
          object: 'coll0',
          arguments: { filter: {}, sort: { _id: 1 }, batchSize: 1 },
          saveResultAsEntity: 'cursor0',
        },
        {
          name: 'iterateUntilDocumentOrError',
          object: 'cursor0',
          expectResult: { _id: 1, x: 11 },
        },
        { name: 'iterateOnce', object: 'cursor0', expectResult: { _id: 2, x: 22 } },
        { name: 'close', object: 'cursor0' },
        {
          name: 'createCommandCursor',
          object: 'db0',
          arguments: { command: { find: 'coll0', filter: { x: 22 } } },
          saveResultAsEntity: 'cursor1',
        },
        {
          name: 'iterateUntilDocumentOrError',
          object: 'cursor1',
          expectResult: { _id: 2, x: 22 },
        },
        {
          name: 'createFindCursor',
          object: 'coll0',
          arguments: { filter: { $bogus: 1 } },
          expectError: { errorCode: 2, errorCodeName: 'BadValue' },
        },
        { name: 'createIndex', object: 'coll0', arguments: { keys: { x: 1 }, name: 'x_1' } },
        { name: 'listIndexNames', object: 'coll0', expectResult: ['_id_', 'x_1'] },
        {
          name: 'assertIndexExists',
          object: 'testRunner',
          arguments: { databaseName: 'runner-ops', collectionName: 'coll0', indexName: 'x_1' },
        },
        { name: 'dropIndex', object: 'coll0', arguments: { name: 'x_1' } },
        {
          name: 'assertIndexNotExists',
          object: 'testRunner',
          arguments: { databaseName: 'runner-ops', collectionName: 'coll0', indexName: 'x_1' },
        },
        { name: 'listIndexes', object: 'coll0', expectResult: [{ name: '_id_' }] },
        { name: 'listCollectionNames', object: 'db0', expectResult: ['coll0'] },
        { name: 'rename', object: 'coll0', arguments: { to: 'coll1' } },
        {
          name: 'assertCollectionNotExists',
          object: 'testRunner',
          arguments: { databaseName: 'runner-ops', collectionName: 'coll0' },
        },
        {
          name: 'assertCollectionExists',
          object: 'testRunner',
          arguments: { databaseName: 'runner-ops', collectionName: 'coll1' },
        },
        {
          name: 'listCollections',
          object: 'db0',
          arguments: { filter: { name: 'coll1' } },
          expectResult: [{ name: 'coll1', type: 'collection' }],
        },
        {
          name: 'listDatabaseNames',
          object: 'client0',
          expectResult: { $$exists: true },
        },
      ],
      outcome: [
        {
          collectionName: 'coll1',
          databaseName: 'runner-ops',
          documents: [
            { _id: 1, x: 11 },
            { _id: 2, x: 22 },
          ],
        },
      ],
    },
    {
      description: 'a failing assertion fails the test',
      operations: [
        {
          name: 'assertCollectionExists',
          object: 'testRunner',
          arguments: { databaseName: 'runner-ops', collectionName: 'missing' },
        },
      ],
    },
  ],
};

describe('conformance runner', () => {
  it('runs findOne, sessions, cursors, list/drop index, list collections, rename and the assert operations', async () => {
    const results = await runner.runFile('runner-ops.json', JSON.stringify(file));
    expect(results.map((r) => [r.description, r.status])).toEqual([
      ['findOne, cursors, indexes, collections, rename and assertions', 'passed'],
      ['a failing assertion fails the test', 'failed'],
    ]);
    expect(results[1]!.reason).toMatch(/assertCollectionExists failed for missing/);
  });
});
