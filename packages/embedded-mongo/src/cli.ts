// embedded-mongo --port 27017 --data DIR [--ttl-interval MS]
import { parseArgs } from 'node:util';
import { startEmbeddedMongo } from './index.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', short: 'p', default: '27017' },
    data: { type: 'string', short: 'd' },
    host: { type: 'string', default: '127.0.0.1' },
    'ttl-interval': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(
    'Usage: embedded-mongo [--port 27017] [--data DIR] [--host 127.0.0.1] [--ttl-interval MS]\nWithout --data everything is kept in memory.',
  );
  process.exit(0);
}

const mongo = await startEmbeddedMongo({
  port: Number(values.port),
  host: values.host,
  ...(values.data ? { dataDir: values.data } : {}),
  ...(values['ttl-interval'] ? { ttlIntervalMs: Number(values['ttl-interval']) } : {}),
});
console.log(
  `embedded-mongo listening on ${mongo.uri} (${values.data ? `data in ${values.data}` : 'in memory'})`,
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
