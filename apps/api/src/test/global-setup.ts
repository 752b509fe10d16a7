/**
 * One database server for the whole run: MONGODB_URI when given, a real mongod through
 * mongodb-memory-server when a binary is present (MONGOMS_SYSTEM_BINARY or `mongod` on PATH),
 * otherwise the embedded server. Each test file then takes a fresh database of its own.
 */
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startEmbeddedMongo } from '@repo/embedded-mongo';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUri: string;
    mongoKind: string;
  }
}

function mongodOnPath(): string | undefined {
  if (process.env.MONGOMS_SYSTEM_BINARY) return process.env.MONGOMS_SYSTEM_BINARY;
  try {
    return execFileSync('which', ['mongod'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.MONGODB_URI) {
    project.provide('mongoUri', process.env.MONGODB_URI);
    project.provide('mongoKind', 'mongodb');
    return;
  }
  const binary = mongodOnPath();
  if (binary) {
    const { MongoMemoryServer } = await import('mongodb-memory-server-core');
    const server = await MongoMemoryServer.create({ binary: { systemBinary: binary } });
    project.provide('mongoUri', server.getUri());
    project.provide('mongoKind', 'memory-server');
    return async () => {
      await server.stop();
    };
  }
  const embedded = await startEmbeddedMongo({});
  project.provide('mongoUri', embedded.uri);
  project.provide('mongoKind', 'embedded');
  return async () => {
    await embedded.stop();
  };
}
