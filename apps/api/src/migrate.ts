/**
 * `pnpm migrate`: the release steps (release.ts: indexes, migrations, the first seed) against
 * the configured database, then exit; `npm start` runs them before its workers serve. Run it
 * before rolling a new version out to replicas (docs/operations/scaling-out.md); a copy started
 * meanwhile waits for it.
 */
import { runCommand } from './lib/command.js';
import { runReleaseSteps } from './release.js';

runCommand(async (deps) => {
  await runReleaseSteps(deps);
  deps.logger.info('the release steps are done');
});
