/**
 * Contract tests: every response an API test receives through `checkedRequest` is checked
 * against the OpenAPI document (src/openapi), so an answer that drifts from the description
 * (a renamed or missing field, an undescribed field, route or success status) fails the test
 * that received it.
 */
import type { RequestListener } from 'node:http';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import supertest from 'supertest';
import { buildOpenApiDocument } from '../openapi/document.js';

interface Route {
  method: string;
  pattern: RegExp;
  params: number;
  pointer: string;
  responses: Record<string, { content?: Record<string, unknown> }>;
}

const doc = buildOpenApiDocument() as unknown as {
  paths: Record<string, Record<string, { responses: Route['responses'] }>>;
};
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(doc, 'openapi.json');

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

const routes: Route[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({
    method: method.toUpperCase(),
    pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    params: (path.match(/\{/g) ?? []).length,
    pointer: `openapi.json#/paths/${escapePointer(path)}/${method}/responses`,
    responses: op.responses,
  })),
);

const validators = new Map<string, ValidateFunction>();
function validatorFor(ref: string): ValidateFunction {
  let v = validators.get(ref);
  if (!v) {
    v = ajv.compile({ $ref: ref });
    validators.set(ref, v);
  }
  return v;
}

interface CheckedResponse {
  status: number;
  body: unknown;
  headers: Record<string, string | undefined>;
  req: { method: string; path: string };
}

/** Throws when the response does not match the document; answers nothing otherwise. */
export function checkResponse(res: CheckedResponse): void {
  // Express matches a path with or without its trailing slash.
  const path = res.req.path.split('?')[0]!.replace(/(.)\/$/, '$1');
  // CORS preflights and HEAD answer no body; a 304 revalidates a described 200; the reference
  // page's script files are not API answers.
  if (
    !path.startsWith('/api/') ||
    path.startsWith('/api/docs/') ||
    ['HEAD', 'OPTIONS'].includes(res.req.method) ||
    res.status === 304
  )
    return;
  const route = routes
    .filter((r) => r.method === res.req.method && r.pattern.test(path))
    .sort((a, b) => a.params - b.params)[0];
  const where = `${res.req.method} ${path} → ${res.status}`;
  const errorSchema = 'openapi.json#/components/schemas/Error';

  let ref: string;
  let mediaType = 'application/json';
  if (!route) {
    // An unknown API path answers the error shape with 404 (or 503 while the database is away).
    if (res.status !== 404 && res.status !== 503 && res.status !== 405)
      throw new Error(`Contract: ${where} is not described in the OpenAPI document`);
    ref = errorSchema;
  } else {
    const key = String(res.status) in route.responses ? String(res.status) : 'default';
    if (key === 'default' && res.status < 400)
      throw new Error(`Contract: ${where}: the document gives no ${res.status} answer`);
    const content = route.responses[key]?.content ?? {};
    mediaType = Object.keys(content)[0] ?? 'application/json';
    ref = `${route.pointer}/${key}/content/${escapePointer(mediaType)}/schema`;
  }

  const contentType = (res.headers['content-type'] ?? '').split(';')[0]!.trim();
  if (contentType !== mediaType)
    throw new Error(
      `Contract: ${where} answered ${contentType || 'no body'}, described as ${mediaType}`,
    );
  if (mediaType !== 'application/json') return;
  const validate = validatorFor(ref);
  if (!validate(res.body)) {
    const problems = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `  ${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
      .join('\n');
    throw new Error(`Contract: ${where} differs from the OpenAPI document:\n${problems}`);
  }
}

type Agent = ReturnType<typeof supertest>;
const METHODS = new Set(['get', 'post', 'put', 'delete', 'patch', 'head', 'options']);

/** `supertest(app)` whose every request also checks its response against the document. */
export function checkedRequest(app: RequestListener | Parameters<typeof supertest>[0]): Agent {
  const agent = supertest(app as Parameters<typeof supertest>[0]);
  return new Proxy(agent, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof prop !== 'string' || !METHODS.has(prop) || typeof value !== 'function')
        return value;
      return (...args: unknown[]) => {
        const test = (value as (...a: unknown[]) => supertest.Test).apply(target, args);
        return test.expect((res) =>
          checkResponse({
            status: res.status,
            body: res.body,
            headers: res.headers as Record<string, string | undefined>,
            req: {
              method: (res as unknown as { req: { method: string } }).req.method,
              path: (res as unknown as { req: { path: string } }).req.path,
            },
          }),
        );
      };
    },
  });
}
