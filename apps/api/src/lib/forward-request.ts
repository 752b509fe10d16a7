/**
 * Passes one HTTP request on to another server (here: the payments thread, on a Unix socket)
 * and its answer back, as a reverse proxy does: the method, path, end-to-end headers and body go
 * on, the body framed as it came; hop-by-hop headers (and those `Connection` names) stay
 * behind, both ways. A client gone
 * before its body ended ends the request passed on; an answer cut short ends the client's.
 */
import {
  request,
  type Agent,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';

/** Headers that describe one connection, never the next one. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

/** Headers `Connection` cannot take away: the message's length and its host. */
const ALWAYS_KEPT = new Set(['content-length', 'host']);

/** The headers that go on to the next hop, without those named in `drop`. */
export function endToEnd(
  headers: IncomingHttpHeaders,
  drop: readonly string[] = [],
): Record<string, string | string[]> {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => !ALWAYS_KEPT.has(h));
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.includes(name)) continue;
    if (!drop.includes(name)) kept[name] = value;
  }
  return kept;
}

/**
 * The request's framing for the next hop: its Content-Length, or chunked for a body that came
 * chunked. Node's client adds neither to a GET, DELETE or OPTIONS, so without this a body sent
 * with one would reach the next server as the start of another request (request smuggling).
 */
function framing(req: IncomingMessage): Record<string, string> {
  if (req.headers['content-length'] !== undefined) return {};
  return req.headers['transfer-encoding'] !== undefined ? { 'transfer-encoding': 'chunked' } : {};
}

export interface ForwardTarget {
  socketPath: string;
  agent: Agent;
  /** The request target to send (the request's own URL as it arrived). */
  path: string;
  /** Headers added (they replace any the client sent under that name). */
  headers: Record<string, string>;
  /** Headers of the client's never passed on. */
  drop: readonly string[];
  /** The server could not be asked or did not answer, and nothing was sent back yet. */
  onFailure: (err: Error) => void;
}

export function forwardRequest(
  req: IncomingMessage,
  res: ServerResponse,
  target: ForwardTarget,
): void {
  const upstream = request({
    socketPath: target.socketPath,
    agent: target.agent,
    method: req.method,
    path: target.path,
    headers: { ...endToEnd(req.headers, target.drop), ...framing(req), ...target.headers },
  });
  upstream.on('response', (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
    answer.pipe(res);
    // Cut short (the server gone mid-answer): the client's answer ends too, never hangs.
    answer.on('close', () => {
      if (!answer.complete) res.destroy();
    });
    // The client gone mid-answer: the rest is read and dropped, so the connection is free again.
    res.on('close', () => {
      if (!res.writableFinished) answer.resume();
    });
  });
  upstream.on('error', (err) => {
    // The client went away first: there is nobody to answer.
    if (req.destroyed && !req.complete) return;
    if (!res.headersSent) target.onFailure(err);
    else res.destroy();
  });
  req.pipe(upstream);
  // A client gone before its body ended: the request passed on ends as well.
  req.on('close', () => {
    if (!req.complete) upstream.destroy();
  });
}
