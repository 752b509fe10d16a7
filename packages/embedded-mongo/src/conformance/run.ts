// Conformance runner: executes MongoDB's unified CRUD tests (kept outside this repository for
// licensing reasons: folder.ts says where they are read from) against an in-process
// embedded-mongo. Usage:
//   node dist/conformance/run.js [folder] [--uri mongodb://...] [--verbose] [--filter text] [--json FILE]
// Ends with "N passed, N failed, N skipped" (also written to FILE as JSON for `npm test`); when
// the tests are absent the run counts as one skipped, with the reason. Exits 1 if any in-scope
// test failed, or a folder asked for by name is missing or empty.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startEmbeddedMongo } from '../index.js';
import { findConformanceFolder } from './folder.js';
import type { TestOutcome } from './runner.js';
import { UnifiedRunner } from './runner.js';

const pkgDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Beside the repository (the folder that holds it), where CI has them. */
const BESIDE_REPOSITORY = path.resolve(pkgDir, '../../../shared/mongo-conformance/crud-unified');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    uri: { type: 'string' },
    verbose: { type: 'boolean', short: 'v' },
    filter: { type: 'string' },
    json: { type: 'string' },
  },
});

/** The counts as JSON, for runners that add them up (scripts/shop.mjs). */
function writeJson(counts: { passed: number; failed: number; skipped: number }): void {
  if (!values.json) return;
  fs.mkdirSync(path.dirname(path.resolve(values.json)), { recursive: true });
  fs.writeFileSync(values.json, `${JSON.stringify({ runner: 'conformance', ...counts })}\n`);
}

const folder = findConformanceFolder({
  given: positionals[0],
  env: process.env.MONGO_CONFORMANCE_DIR,
  besideRepository: BESIDE_REPOSITORY,
  filter: values.filter,
});
if (folder.action !== 'run') {
  console.log(folder.message);
  const counts = {
    passed: 0,
    failed: folder.action === 'fail' ? 1 : 0,
    skipped: folder.action === 'skip' ? 1 : 0,
  };
  writeJson(counts);
  console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  process.exit(counts.failed ? 1 : 0);
}
const { dir, files } = folder;
const mongo = values.uri ? undefined : await startEmbeddedMongo({ enableTestCommands: true });
const runner = new UnifiedRunner(values.uri ?? mongo!.uri);
await runner.open();
const results: TestOutcome[] = [];
const started = Date.now();
try {
  for (const f of files)
    results.push(...(await runner.runFile(f, fs.readFileSync(path.join(dir, f), 'utf8'))));
} finally {
  await runner.close();
  await mongo?.stop();
}

const count = (s: TestOutcome['status']): number => results.filter((r) => r.status === s).length;
for (const r of results) {
  if (r.status === 'failed') console.log(`FAIL ${r.file} :: ${r.description}\n     ${r.reason}`);
  else if (values.verbose)
    console.log(
      `${r.status === 'passed' ? 'ok  ' : 'skip'} ${r.file} :: ${r.description}${r.reason ? ` (${r.reason})` : ''}`,
    );
}
const reasons = new Map<string, number>();
for (const r of results)
  if (r.status === 'skipped') reasons.set(r.reason!, (reasons.get(r.reason!) ?? 0) + 1);
console.log(
  `conformance: ${files.length} files from ${dir} in ${((Date.now() - started) / 1000).toFixed(1)}s; skipped tests by reason:`,
);
for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1]))
  console.log(`  ${String(n).padStart(4)}  ${reason}`);
const counts = { passed: count('passed'), failed: count('failed'), skipped: count('skipped') };
writeJson(counts);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exitCode = count('failed') > 0 ? 1 : 0;
