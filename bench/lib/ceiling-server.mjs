/**
 * The ceiling: a bare node:http server answering each measured request with the bytes the shop
 * gave (status, content-type, body), from memory. Usage: node ceiling-server.mjs ANSWERS.json
 * where the file maps "METHOD /path" to { status, contentType, body (base64) }.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const answers = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2], 'utf8'))).map(([key, a]) => [
    key,
    { ...a, body: Buffer.from(a.body, 'base64') },
  ]),
);

const server = createServer((req, res) => {
  const answer = answers.get(`${req.method} ${req.url}`);
  // The request body (for POSTs) is read and dropped, as the shop reads it.
  req.resume();
  req.on('end', () => {
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, {
      'content-type': answer.contentType,
      'content-length': answer.body.length,
    });
    res.end(answer.body);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => console.log(`ceiling listening on ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
