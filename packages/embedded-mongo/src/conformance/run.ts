// Conformance runner: executes MongoDB's unified CRUD tests (kept outside this repository for
// licensing reasons) against an in-process embedded-mongo. Usage:
//   node dist/conformance/run.js [folder] [--uri mongodb://...] [--verbose] [--filter text] [--json FILE]
// Ends with "N passed, N failed, N skipped" (also written to FILE as JSON for `npm test`);
// exits 1 if any in-scope test failed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startEmbeddedMongo } from '../index.js';
import type { TestOutcome } from './runner.js';
import { UnifiedRunner } from './runner.js';

const pkgDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEFAULT_DIR = path.resolve(pkgDir, '../../../shared/mongo-conformance/crud-unified');

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

const dir = path.resolve(positionals[0] ?? process.env.MONGO_CONFORMANCE_DIR ?? DEFAULT_DIR);
if (!fs.existsSync(dir)) {
  console.log(`conformance: test folder ${dir} not found; skipping.`);
  writeJson({ passed: 0, failed: 0, skipped: 0 });
  process.exit(0);
}

const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json') && (!values.filter || f.includes(values.filter)))
  .sort();
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
