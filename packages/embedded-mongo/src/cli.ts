// embedded-mongo [--data DIR] [--port 27017] [--ttl-interval MS]
// embedded-mongo dump --data DIR --out DUMP        (also while a server runs on DIR)
// embedded-mongo restore --data DIR --from DUMP [--drop]
import { parseArgs } from 'node:util';
import { dumpDataDir, restoreDataDir } from './backup.js';
import { startEmbeddedMongo } from './index.js';

const USAGE = `Usage:
  embedded-mongo [--data DIR] [--port 27017] [--host 127.0.0.1] [--ttl-interval MS]
      Serves the database. With --data it listens on the Unix socket DIR/mongod.sock (mode 0600,
      only this user can connect) and on TCP only when --port is given; without --data
      everything is kept in memory and it listens on TCP (port 27017 unless --port says).
  embedded-mongo dump --data DIR --out DUMP
      Writes DIR's databases to DUMP in mongodump's directory format (works while a server
      runs on DIR; mongorestore loads DUMP into any MongoDB).
  embedded-mongo restore --data DIR --from DUMP [--drop]
      Loads a mongodump directory into DIR (no server may be running on DIR); --drop replaces
      collections that exist already.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string', short: 'p' },
    data: { type: 'string', short: 'd' },
    host: { type: 'string', default: '127.0.0.1' },
    'ttl-interval': { type: 'string' },
    out: { type: 'string' },
    from: { type: 'string' },
    drop: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

function fail(message: string): never {
  console.error(`embedded-mongo: ${message}`);
  process.exit(1);
}

const command = positionals[0];
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (positionals.length > 1 || (command && command !== 'dump' && command !== 'restore'))
  fail(`unknown command '${positionals.join(' ')}'\n${USAGE}`);

if (command === 'dump') {
  if (!values.data || !values.out) fail(`dump needs --data DIR and --out DUMP\n${USAGE}`);
  try {
    const s = dumpDataDir(values.data, values.out);
    console.log(
      `dumped ${s.documents} documents in ${s.collections} collections of ${s.databases} databases to ${values.out}`,
    );
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
} else if (command === 'restore') {
  if (!values.data || !values.from) fail(`restore needs --data DIR and --from DUMP\n${USAGE}`);
  try {
    const s = await restoreDataDir(values.data, values.from, { drop: !!values.drop });
    console.log(
      `restored ${s.documents} documents in ${s.collections} collections of ${s.databases} databases into ${values.data}`,
    );
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
} else {
  const port = values.port ?? (values.data ? undefined : '27017');
  if (port !== undefined && !/^\d+$/.test(port)) fail(`--port must be a number, not '${port}'`);
  const mongo = await startEmbeddedMongo({
    ...(port !== undefined ? { port: Number(port) } : {}),
    host: values.host,
    ...(values.data ? { dataDir: values.data } : {}),
    ...(values['ttl-interval'] ? { ttlIntervalMs: Number(values['ttl-interval']) } : {}),
  });
  const uris = [port !== undefined ? mongo.uri : undefined, mongo.socketUri].filter(Boolean);
  console.log(
    `embedded-mongo listening on ${uris.join(' and ')} (${values.data ? `data in ${values.data}` : 'in memory'})`,
  );

  let stopping = false;
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      if (stopping) return;
      stopping = true;
      mongo.stop().then(
        () => process.exit(0),
        (e: unknown) => {
          console.error(e);
          process.exit(1);
        },
      );
    });
  }
}
