/**
 * Passes one HTTP request on to another server (here: the payments thread, on a Unix socket)
 * and its answer back, as a reverse proxy does: the method, path, end-to-end headers and body go
 * on; hop-by-hop headers (and those `Connection` names) stay behind, both ways. A client gone
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

/** The headers that go on to the next hop, without those named in `drop`. */
export function endToEnd(
  headers: IncomingHttpHeaders,
  drop: readonly string[] = [],
): Record<string, string | string[]> {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase());
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.includes(name)) continue;
    if (!drop.includes(name)) kept[name] = value;
  }
  return kept;
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
    headers: { ...endToEnd(req.headers, target.drop), ...target.headers },
  });
  upstream.on('response', (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
    answer.pipe(res);
    // Cut short (the server gone mid-answer): the client's answer ends too, never hangs.
    answer.on('close', () => {
      if (!answer.complete) res.destroy();
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
