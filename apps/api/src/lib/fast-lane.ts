/**
 * The fast lane: repeated catalog reads answered in front of Express.
 *
 * A cached catalog read needs none of Express's routing, helmet or the request logger's
 * per-request set-up, which together cost several times the read itself. So when the Express
 * path sends a catalog read (lib/cached-read.ts) it hands the finished answer to the lane,
 * which keeps it in the app's catalog cache (lib/catalog-cache.ts), once per read, with the
 * request's method, URL and, for a POST, body bytes pointing to it (so invented query strings
 * cost a key each, not a copy of the body). Anything it cannot answer goes on to Express
 * unchanged.
 *
 * What Express would do that the lane mirrors (each has a test in src/__tests__/fast-lane.test.ts):
 * 1. the same status, body and headers (helmet's, Cache-Control, ETag, Content-Type) as the
 *    Express answer it keeps, and only after the same strict catalog-version check;
 * 2. a 304 without a body when the client's ETag is current (the `fresh` check Express uses);
 * 3. HEAD: the GET's headers and length, no body;
 * 4. compression as the compression middleware negotiates it: brotli or gzip, none below
 *    1 KB or when not asked for, `Vary: Accept-Encoding`; deflate is left to Express;
 * 5. the caller's X-Request-Id when it is sane, else a new one, and the request's log line;
 * 6. a POST is read only when it is JSON of a length it announces, at most 16 KB, uncompressed;
 *    a body it has read and cannot answer is parsed for Express with the same rules and errors
 *    (`jsonBody`);
 * 7. while the database is away, Express answers (503): the lane never answers stale;
 * 8. with CORS configured, a request carrying an Origin goes to Express for its CORS headers.
 *
 * Memory: answers live in the bounded catalog cache; the URLs whose POST bodies the lane reads
 * (client input) are kept in a bounded LRU set as well.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { RequestHandler } from 'express';
import express from 'express';
import fresh from 'fresh';
import Negotiator from 'negotiator';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { CatalogCache } from './catalog-cache.js';
import { catalogVersion } from './catalog-version.js';
import { isDatabaseConnected } from './db-status.js';
import { requestId, requestLogFields } from './logger.js';

interface Answer {
  /** Headers the Express path sent, less the per-request and per-encoding ones. */
  headers: OutgoingHttpHeaders;
  etag: string | undefined;
  body: Buffer;
  compressed: Partial<Record<Encoding, Buffer>>;
}

type Encoding = 'br' | 'gzip';
const ENCODINGS = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED: Encoding[] = ['br', 'gzip'];
/** Below this size nothing is compressed (the compression middleware's default threshold). */
const COMPRESS_FROM = 1024;
/** Bodies the lane reads itself; larger POSTs go to Express untouched (its limit is 100 kB). */
const MAX_POST_BYTES = 16 * 1024;
const PER_REQUEST_HEADERS = [
  'x-request-id',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'vary',
];

/** The lane's answers beside the reads' own entries in the catalog cache. */
const laneKey = (key: string) => `lane ${key}`;

/** The URL as the client sent it (Express's routers rewrite `req.url` on the way in). */
const urlOf = (req: IncomingMessage) =>
  (req as { originalUrl?: string }).originalUrl ?? req.url ?? '';

const RAW_BODY = Symbol('fast-lane raw body');
type WithRawBody = IncomingMessage & { [RAW_BODY]?: Buffer };

/**
 * express.json(), except for a body the lane has already read (a POST it could not answer):
 * that one is parsed here with the same rules and the same error.
 */
export function jsonBody(options: { limit: string }): RequestHandler {
  const parse = express.json(options);
  return (req, res, next) => {
    const raw = (req as WithRawBody)[RAW_BODY];
    if (raw === undefined) return parse(req, res, next);
    const text = raw.toString('utf8');
    try {
      // body-parser's strict mode: only an object or an array at the top.
      if (!/^[\s\uFEFF]*[{[]/.test(text))
        throw new SyntaxError('Unexpected token at the start of the JSON body');
      req.body = JSON.parse(text);
    } catch (err) {
      return next(
        Object.assign(err as Error, { type: 'entity.parse.failed', status: 400, expose: true }),
      );
    }
    next();
  };
}

export interface FastLaneOptions {
  logger: Logger;
  /** Where answers are kept: the app's catalog cache, shared with the catalog reader. */
  cache: CatalogCache;
  /** With CORS configured, requests carrying an Origin go to Express for their CORS headers. */
  cors: boolean;
  /** Bounds of the set of POST URLs whose bodies the lane reads. */
  postUrls?: { maxEntries: number; maxBytes: number };
  /** The client's address for the log, as Express reads it (TRUST_PROXY); else the peer's. */
  clientAddress?: (req: IncomingMessage) => string | undefined;
}

/** The filter is one URL; a few dozen spellings of it (query strings, case) are plenty. */
export const POST_URL_LIMITS = { maxEntries: 64, maxBytes: 64 * 1024 };

export class FastLane {
  private readonly cache: CatalogCache;
  /** URLs with remembered POST answers: only their bodies are read here. */
  private readonly postUrls: LRUCache<string, true>;

  constructor(private readonly options: FastLaneOptions) {
    this.cache = options.cache;
    const limits = options.postUrls ?? POST_URL_LIMITS;
    this.postUrls = new LRUCache<string, true>({
      max: limits.maxEntries,
      maxSize: limits.maxBytes,
      sizeCalculation: (_value, url) => url.length * 2,
    });
  }

  /** How many POST URLs the lane reads bodies for, and their bytes. */
  get postUrlCount(): { entries: number; bytes: number } {
    return { entries: this.postUrls.size, bytes: this.postUrls.calculatedSize };
  }

  /**
   * Called by the Express path once it has sent a catalog read's 200 answer, current for
   * `version` (a CatalogVersion's `current`: catalog and stock). Every URL that asks for the
   * same read (`readKey`) shares one kept answer: a URL costs the lane only its key.
   */
  remember(
    req: IncomingMessage,
    res: ServerResponse,
    version: string,
    text: string,
    readKey: string,
  ): void {
    if (this.options.cors && req.headers.origin) return;
    const key = this.keyOf(req);
    if (key === undefined) {
      // A POST whose body the lane did not read: read the next ones to this URL.
      if (req.method === 'POST') this.postUrls.set(urlOf(req), true);
      return;
    }
    const answerKey = `lane answer ${req.method === 'POST' ? 'POST' : 'GET'} ${readKey}`;
    if (this.cache.get<Answer>(version, answerKey) === undefined) {
      const headers = { ...res.getHeaders() };
      for (const name of PER_REQUEST_HEADERS) delete headers[name];
      const etag = headers.etag === undefined ? undefined : String(headers.etag);
      const body = Buffer.from(text);
      // Twice the body: room for its compressed copies, which are made later and are smaller.
      this.cache.set(
        version,
        answerKey,
        { headers, etag, body, compressed: {} } satisfies Answer,
        body.length * 2 + 1024,
      );
    }
    this.cache.set(version, laneKey(key), answerKey, 64);
  }

  /** The request listener's first step: answers from memory or calls `next()` for Express. */
  handle(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    const { method } = req;
    if (this.options.cors && req.headers.origin) return next();
    if (method === 'GET' || method === 'HEAD') {
      const key = this.keyOf(req)!;
      if (!this.cache.has(laneKey(key))) return next();
      this.answerWhenCurrent(req, res, key, next);
      return;
    }
    if (method === 'POST' && this.postUrls.has(urlOf(req)) && this.canReadBody(req)) {
      this.readBody(req, next, () => this.answerWhenCurrent(req, res, this.keyOf(req)!, next));
      return;
    }
    next();
  }

  /** The answer's key: method and URL as the client sent them, and a POST's body bytes. */
  private keyOf(req: IncomingMessage): string | undefined {
    const url = urlOf(req);
    if (req.method === 'GET' || req.method === 'HEAD') return `GET ${url}`;
    const body = (req as WithRawBody)[RAW_BODY];
    return req.method === 'POST' && body ? `POST ${url}\n${body.toString('latin1')}` : undefined;
  }

  private canReadBody(req: IncomingMessage): boolean {
    const length = Number(req.headers['content-length']);
    const type = req.headers['content-type'] ?? '';
    return (
      length > 0 &&
      length <= MAX_POST_BYTES &&
      !req.headers['content-encoding'] &&
      /^application\/json\s*(;\s*charset=utf-8\s*)?$/i.test(type)
    );
  }

  private readBody(req: IncomingMessage, next: () => void, done: () => void): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('error', () => undefined);
    req.once('end', () => {
      const body = Buffer.concat(chunks);
      (req as WithRawBody)[RAW_BODY] = body;
      // A body shorter or longer than announced is Express's to refuse.
      if (body.length !== Number(req.headers['content-length'])) return next();
      done();
    });
  }

  private answerWhenCurrent(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    next: () => void,
  ): void {
    // While the database is away Express answers 503 at once; the lane never answers stale.
    if (!isDatabaseConnected()) return next();
    const started = Date.now();
    catalogVersion().then(
      (version) => {
        const answerKey = this.cache.get<string>(version.current, laneKey(key));
        const answer =
          answerKey === undefined ? undefined : this.cache.get<Answer>(version.current, answerKey);
        const encoding = answer && this.encodingFor(req, answer);
        if (answer && encoding !== null) this.send(req, res, answer, encoding, started);
        else next();
      },
      () => next(),
    );
  }

  private send(
    req: IncomingMessage,
    res: ServerResponse,
    answer: Answer,
    encoding: Encoding | undefined,
    started: number,
  ): void {
    const id = requestId(req);
    let status = 200;
    let headers: OutgoingHttpHeaders;
    let body: Buffer | undefined;
    if (
      req.method !== 'POST' &&
      answer.etag !== undefined &&
      fresh(req.headers, { etag: answer.etag })
    ) {
      status = 304;
      headers = { ...answer.headers, 'x-request-id': id };
      delete headers['content-type'];
    } else {
      body = encoding ? this.compressed(answer, encoding) : answer.body;
      headers = {
        ...answer.headers,
        'x-request-id': id,
        vary: 'Accept-Encoding',
        'content-length': body.length,
        ...(encoding ? { 'content-encoding': encoding } : {}),
      };
    }
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    if (this.options.logger.isLevelEnabled('info')) {
      this.options.logger.info(
        {
          ...requestLogFields(req, id, status, this.options.clientAddress?.(req)),
          responseTime: Date.now() - started,
        },
        'request completed',
      );
    }
  }

  /**
   * The encoding the compression middleware would choose: undefined for none, null for one the
   * lane does not keep (deflate), which Express then serves.
   */
  private encodingFor(req: IncomingMessage, answer: Answer): Encoding | undefined | null {
    if (
      req.method === 'HEAD' ||
      answer.body.length < COMPRESS_FROM ||
      !req.headers['accept-encoding']
    )
      return undefined;
    // negotiator 1.x takes the server's preference for ties in an option; its types are a version behind.
    const negotiate = new Negotiator(req) as unknown as {
      encoding(available: string[], options: { preferred: string[] }): string | undefined;
    };
    const chosen = negotiate.encoding(ENCODINGS, { preferred: PREFERRED });
    if (chosen === 'br' || chosen === 'gzip') return chosen;
    return chosen === 'deflate' ? null : undefined;
  }

  private compressed(answer: Answer, encoding: Encoding): Buffer {
    answer.compressed[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(answer.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(answer.body, { level: 6 });
    return answer.compressed[encoding]!;
  }
}
