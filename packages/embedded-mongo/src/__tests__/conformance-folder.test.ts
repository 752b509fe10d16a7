// Where the conformance runner finds MongoDB's CRUD tests, which live outside the repository: a
// run without them is skipped and says why; a run asked for by name never passes by testing
// nothing. The test file below is written here (not taken from MongoDB's specs).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { findConformanceFolder } from '../conformance/folder.js';
import { tempDirs } from './helpers.js';

const pkgDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const runJs = path.join(pkgDir, 'dist/conformance/run.js');
const tmpDir = tempDirs('conformance-folder-');

const unifiedFile = {
  description: 'a written-here check',
  schemaVersion: '1.0',
  createEntities: [
    { client: { id: 'client0' } },
    { database: { id: 'db0', client: 'client0', databaseName: 'folder-check' } },
    { collection: { id: 'coll0', database: 'db0', collectionName: 'coll0' } },
  ],
  initialData: [
    { collectionName: 'coll0', databaseName: 'folder-check', documents: [{ _id: 1, x: 11 }] },
  ],
  tests: [
    {
      description: 'finds the document it was given',
      operations: [
        {
          name: 'find',
          object: 'coll0',
          arguments: { filter: { x: 11 } },
          expectResult: [{ _id: 1, x: 11 }],
        },
      ],
    },
  ],
};

describe('the conformance tests folder', () => {
  it('skips, saying why and how to run them, when they are not beside the repository', () => {
    const missing = path.join(tmpDir(), 'crud-unified');
    const folder = findConformanceFolder({ besideRepository: missing });
    expect(folder.action).toBe('skip');
    expect(folder).toMatchObject({ dir: missing });
    const message = folder.action === 'skip' ? folder.message : '';
    expect(message).toContain('not part of this repository');
    expect(message).toContain(missing);
    expect(message).toContain('MONGO_CONFORMANCE_DIR');
  });

  it('fails when a folder named by MONGO_CONFORMANCE_DIR or the command line is missing', () => {
    const beside = tmpDir();
    fs.writeFileSync(path.join(beside, 'a.json'), '{}');
    const missing = path.join(tmpDir(), 'nowhere');
    expect(findConformanceFolder({ env: missing, besideRepository: beside })).toMatchObject({
      action: 'fail',
      message: `conformance: ${missing} (MONGO_CONFORMANCE_DIR) does not exist.`,
    });
    expect(findConformanceFolder({ given: missing, besideRepository: beside })).toMatchObject({
      action: 'fail',
      message: `conformance: ${missing} (the folder given) does not exist.`,
    });
  });

  it('fails when the folder holds no test file', () => {
    const empty = tmpDir();
    expect(findConformanceFolder({ besideRepository: empty })).toMatchObject({
      action: 'fail',
      message: `conformance: ${empty} holds no test file (*.json).`,
    });
  });

  it('runs every JSON file of a folder that is there, in order, or those the filter names', () => {
    const dir = tmpDir();
    for (const f of ['b.json', 'a.json', 'notes.txt']) fs.writeFileSync(path.join(dir, f), '{}');
    expect(findConformanceFolder({ besideRepository: dir })).toEqual({
      action: 'run',
      dir,
      files: ['a.json', 'b.json'],
    });
    expect(findConformanceFolder({ env: dir, besideRepository: '/nowhere' })).toMatchObject({
      files: ['a.json', 'b.json'],
    });
    expect(findConformanceFolder({ besideRepository: dir, filter: 'b' })).toMatchObject({
      files: ['b.json'],
    });
  });
});

describe('the conformance runner', () => {
  const run = promisify(execFile);

  it('runs the tests of the folder it is given and reports their counts', async () => {
    const dir = tmpDir();
    fs.writeFileSync(path.join(dir, 'check.json'), JSON.stringify(unifiedFile));
    const report = path.join(tmpDir(), 'report.json');
    const { stdout } = await run(process.execPath, [runJs, dir, '--json', report]);
    expect(stdout).toMatch(/^1 passed, 0 failed, 0 skipped$/m);
    expect(JSON.parse(fs.readFileSync(report, 'utf8'))).toEqual({
      runner: 'conformance',
      passed: 1,
      failed: 0,
      skipped: 0,
    });
  });

  it('exits non-zero, counting a failure, when the folder it is given is missing', async () => {
    const missing = path.join(tmpDir(), 'nowhere');
    const report = path.join(tmpDir(), 'report.json');
    const failure = await run(process.execPath, [runJs, missing, '--json', report]).then(
      () => undefined,
      (err: { code: number; stdout: string }) => err,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toContain(`conformance: ${missing} (the folder given) does not exist.`);
    expect(JSON.parse(fs.readFileSync(report, 'utf8'))).toMatchObject({ passed: 0, failed: 1 });
  });
});
