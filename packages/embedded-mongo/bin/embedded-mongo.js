#!/usr/bin/env node
// Committed shim so the bin exists before `pnpm build` has produced dist/.
import('../dist/cli.js').catch((e) => {
  console.error('embedded-mongo: run `pnpm --filter @repo/embedded-mongo build` first.', e.message);
  process.exit(1);
});
