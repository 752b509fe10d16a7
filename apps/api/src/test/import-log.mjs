/**
 * `node --import ./src/test/import-log.mjs`: with IMPORT_LOG_DIR set, every module this process
 * (and each cluster worker, which inherits the flag) loads through the ES module loader is
 * written, one URL a line, to IMPORT_LOG_DIR/<pid>.log. Tests read it to see what a process
 * loaded (cluster.test.ts: the primary loads none of the app).
 */
import { register } from 'node:module';
import { join } from 'node:path';

const dir = process.env.IMPORT_LOG_DIR;
if (dir) {
  register('./import-log-hooks.mjs', import.meta.url, {
    data: { file: join(dir, `${process.pid}.log`) },
  });
}
