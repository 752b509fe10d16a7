/** A small HTTP client over node:http: no Accept-Encoding unless asked, the raw body bytes back. */
import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/**
 * One request on a kept-alive connection. A connection the server closed as idle just as the
 * request went out fails with ECONNRESET on a reused socket: sent again once on a new one, as
 * browsers do (Node's documentation of `request.reusedSocket`).
 */
export async function call(base, method, path, options = {}) {
  try {
    return await callOnce(base, method, path, options);
  } catch (err) {
    if (!err.reusedSocket || err.code !== 'ECONNRESET') throw err;
    return callOnce(base, method, path, options);
  }
}

function callOnce(base, method, path, { body, headers = {}, timeoutMs = 30_000 } = {}) {
  const payload =
    body === undefined
      ? undefined
      : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': payload.length }
            : {}),
          ...headers,
        },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          let json;
          try {
            json = JSON.parse(raw.toString('utf8'));
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode, headers: res.headers, raw, json });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () =>
      req.destroy(new Error(`${method} ${path} timed out after ${timeoutMs} ms`)),
    );
    req.on('error', (err) => reject(Object.assign(err, { reusedSocket: req.reusedSocket })));
    req.end(payload);
  });
}

/** Polls until `check()` is truthy; throws with the last error after `timeoutMs`. */
export async function waitFor(what, check, { timeoutMs = 60_000, intervalMs = 250 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${what}: not ready after ${timeoutMs} ms${last ? ` (${last.message})` : ''}`);
}
