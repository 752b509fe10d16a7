/**
 * forwardRequest (the payments thread's proxy): a front server on loopback passes requests to
 * a server on a Unix socket, as the shop's main thread passes payment calls to its thread.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import {
  Agent,
  createServer,
  request,
  type IncomingMessage,
  type RequestListener,
  type Server,
} from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { forwardRequest } from '../forward-request.js';

const servers: Server[] = [];
const cleanups: Array<() => void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** The server behind (on a Unix socket) and the front one forwarding to it. */
async function setup(behind: RequestListener) {
  const dir = mkdtempSync(join(tmpdir(), 'forward-test-'));
  const socketPath = join(dir, 'behind.sock');
  const agent = new Agent({ keepAlive: true });
  cleanups.push(() => {
    agent.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  const back = createServer(behind);
  await new Promise<void>((r) => back.listen(socketPath, r));
  servers.push(back);
  const failures: Error[] = [];
  const front = createServer((req, res) =>
    forwardRequest(req, res, {
      socketPath,
      agent,
      path: req.url!,
      headers: { 'x-peer': '198.51.100.9' },
      drop: ['x-peer'],
      onFailure: (err) => {
        failures.push(err);
        res.writeHead(503).end('unavailable');
      },
    }),
  );
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
  servers.push(front);
  return { port: (front.address() as AddressInfo).port, failures, back };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => resolve(text));
  });
}

describe('forwardRequest', () => {
  it('passes the method, path, end-to-end headers and body on, and the answer back', async () => {
    let seen: {
      method?: string;
      url?: string;
      headers?: IncomingMessage['headers'];
      body?: string;
    } = {};
    const { port } = await setup((req, res) => {
      void readBody(req).then((body) => {
        seen = { method: req.method, url: req.url, headers: req.headers, body };
        res.writeHead(201, 'Made', { 'x-answer': 'yes', 'content-type': 'text/plain' });
        res.end('made it');
      });
    });
    const answer = await new Promise<{
      status?: number;
      message?: string;
      headers: IncomingMessage['headers'];
      body: string;
    }>((resolve, reject) => {
      const req = request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/payment/verify?x=1',
          headers: {
            'content-type': 'application/json',
            'x-request-id': 'abc',
            connection: 'keep-alive, x-hop',
            'x-hop': 'one hop only',
            'x-peer': 'forged by the client',
          },
        },
        (res) =>
          void readBody(res).then((body) =>
            resolve({
              status: res.statusCode,
              message: res.statusMessage,
              headers: res.headers,
              body,
            }),
          ),
      );
      req.on('error', reject);
      req.end('{"a":1}');
    });
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/api/payment/verify?x=1');
    expect(seen.body).toBe('{"a":1}');
    expect(seen.headers).toMatchObject({
      'content-type': 'application/json',
      'x-request-id': 'abc',
      'x-peer': '198.51.100.9',
    });
    expect(seen.headers).not.toHaveProperty('x-hop');
    expect(answer).toMatchObject({ status: 201, message: 'Made', body: 'made it' });
    expect(answer.headers['x-answer']).toBe('yes');
  });

  // A body the next hop could not frame would be read there as a request of its own.
  it.each([
    [
      'a GET sent chunked',
      'GET /api/payment/config HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n',
      (body: string) => `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`,
    ],
    [
      'a GET whose Connection names its Content-Length',
      'GET /api/payment/config HTTP/1.1\r\nHost: x\r\nConnection: content-length\r\n',
      (body: string) => `Content-Length: ${body.length}\r\n\r\n${body}`,
    ],
  ])('passes on %s as one request with its body', async (_, head, encode) => {
    const smuggled = 'GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n';
    const seen: Array<{ url?: string; body: string }> = [];
    const { port } = await setup((req, res) => {
      void readBody(req).then((body) => {
        seen.push({ url: req.url, body });
        res.end('ok');
      });
    });
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(head + encode(smuggled)));
      let text = '';
      socket.on('data', (c) => {
        text += c;
        // The whole answer (its body is "ok"): nothing more to wait for.
        if (text.endsWith('\r\n\r\nok')) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(seen).toEqual([{ url: '/api/payment/config', body: smuggled }]);
  });

  it('ends the request passed on when the client goes away before its body ended', async () => {
    let arrived!: () => void;
    const requestArrived = new Promise<void>((r) => (arrived = r));
    const ended = new Promise<{ complete: boolean }>((resolve) => {
      void setup((req) => {
        arrived();
        req.resume();
        req.on('close', () => resolve({ complete: req.complete }));
      }).then(({ port }) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            'POST /api/payment/verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"part',
          );
          // Gone once the server behind has the request, its body still arriving.
          void requestArrived.then(() => socket.destroy());
        });
      });
    });
    expect(await ended).toEqual({ complete: false });
  });

  it("ends the client's answer when the one behind is cut short", async () => {
    const { port } = await setup((req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('partial', () => req.socket.destroy());
    });
    const outcome = await new Promise<{ complete: boolean; body: string }>((resolve, reject) => {
      const req = request({ port, host: '127.0.0.1', path: '/api/payment/config' }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('error', () => {});
        res.on('close', () => resolve({ complete: res.complete, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(outcome).toEqual({ complete: false, body: 'partial' });
  });

  it('reads the rest of an answer whose client went away, so the one behind finishes it', async () => {
    let finished!: () => void;
    const answerFinished = new Promise<void>((r) => (finished = r));
    const { port } = await setup((_req, res) => {
      res.on('finish', finished);
      // More than the two sockets' buffers hold, so it finishes only if it is read.
      res.end(Buffer.alloc(8 * 1024 * 1024, 'a'));
    });
    const req = request({ port, host: '127.0.0.1', path: '/api/payment/config' }, (res) => {
      // Gone as soon as the answer starts.
      res.socket.destroy();
    });
    req.on('error', () => {});
    req.end();
    await answerFinished;
  });

  it('calls onFailure when the server behind cannot be reached', async () => {
    const { port, failures, back } = await setup(() => {});
    await new Promise((r) => back.close(r));
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request({ port, host: '127.0.0.1', path: '/api/payment/config' }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(503);
    expect(failures).toHaveLength(1);
  });
});
