/**
 * Where MongoDB's CRUD conformance tests are read from, and what to do when they are not there.
 * They are not part of this repository and must never be copied into it: their licence does not
 * allow it. CI has them beside the repository (`shared/mongo-conformance/crud-unified` in the
 * folder that holds it); elsewhere they may be absent, and the run is then skipped, saying so.
 * A folder asked for by name (an argument or MONGO_CONFORMANCE_DIR) that is missing or holds no
 * test file is an error: a run that was asked for never passes by testing nothing.
 */
import fs from 'node:fs';
import path from 'node:path';

export type ConformanceFolder =
  | { action: 'run'; dir: string; files: string[] }
  | { action: 'skip' | 'fail'; dir: string; message: string };

export interface FolderChoice {
  /** The folder named on the command line. */
  given?: string;
  /** MONGO_CONFORMANCE_DIR. */
  env?: string;
  /** The folder beside the repository, where CI has them. */
  besideRepository: string;
  /** Only the files whose name holds this text (`--filter`). */
  filter?: string;
}

export function findConformanceFolder(choice: FolderChoice): ConformanceFolder {
  const named = choice.given ?? (choice.env || undefined);
  const dir = path.resolve(named ?? choice.besideRepository);
  const source = choice.given ? 'the folder given' : named ? 'MONGO_CONFORMANCE_DIR' : undefined;
  if (!fs.existsSync(dir)) {
    if (source)
      return { action: 'fail', dir, message: `conformance: ${dir} (${source}) does not exist.` };
    return {
      action: 'skip',
      dir,
      message:
        "conformance: skipped. MongoDB's CRUD conformance tests are not part of this repository " +
        `(their licence does not allow copying them here) and are not at ${dir}. To run them, ` +
        'put their crud-unified folder there or set MONGO_CONFORMANCE_DIR to it.',
    };
  }
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') && (!choice.filter || f.includes(choice.filter)))
    .sort();
  if (!files.length) {
    const which = choice.filter ? ` whose name holds "${choice.filter}"` : '';
    return {
      action: 'fail',
      dir,
      message: `conformance: ${dir} holds no test file (*.json)${which}.`,
    };
  }
  return { action: 'run', dir, files };
}
