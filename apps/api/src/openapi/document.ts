/**
 * The OpenAPI 3.1 description of the API, generated from the operations table and the shared
 * zod schemas (zod-openapi renders them as JSON Schema 2020-12, which OpenAPI 3.1 uses).
 */
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';
import { z } from 'zod';
import { errorResponse } from '@repo/shared';
import { OPERATIONS, type Operation } from './operations.js';

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid input (the field issues are listed)',
  401: 'No token, or a bad or expired one',
  403: 'Wrong role, or someone else’s resource',
  404: 'Not found',
  409: 'Conflict with the current state',
  413: 'Too large',
  415: 'Not a supported image',
  429: 'Too many requests (see the RateLimit headers)',
  502: 'The payment provider did not answer',
  503: 'The database is unavailable',
};

const TAGS: Record<Operation['tag'], string> = {
  Operations: 'Liveness and readiness for load balancers and orchestrators',
  Auth: 'Accounts: register, sign in, reset a forgotten password with an emailed code',
  Users: 'Profiles, and the admin list of users',
  Categories: 'The catalog’s categories; writes are for admins',
  Products: 'The catalog: pages, filters, search, one product; writes are for admins (multipart)',
  Orders: 'A shopper’s orders; the admin list, status changes and overview',
  Payments: 'Checkout with Razorpay or the built-in sandbox provider, and the provider’s webhook',
  Delivery: 'Delivery by PIN code: whether the shop delivers there, what it costs, when it arrives',
  Settings:
    'The shop’s settings by section (delivery, cash on delivery, GST and invoices, …): a public part, and the admin’s',
  Reviews:
    'Reviews with fit from verified buyers: a product’s published reviews and summary, the buyer’s own review, “Helpful”; the admin’s moderation',
  GST: 'Tax invoices and credit notes as PDFs, and the month’s GST report for the accountant',
  Coupons:
    'Codes and automatic offers (a bundle “3 for ₹999”, a cart-value discount): the cart’s “Apply code”, and the admin’s codes and offers with their uses',
  Returns:
    'Size exchanges and returns of delivered orders: the shopper’s request, the admin’s moves and Returns page',
};

function operationObject(op: Operation): ZodOpenApiOperationObject {
  const error = {
    content: { 'application/json': { schema: errorResponse } },
  };
  type Responses = Record<string, ZodOpenApiResponseObject>;
  const success: ZodOpenApiResponseObject =
    'mediaType' in op.response
      ? {
          description: op.response.description,
          content: { [op.response.mediaType]: { schema: z.string() } },
        }
      : { description: 'Success', content: { 'application/json': { schema: op.response } } };
  const responses: Responses = { [String(op.status ?? 200)]: success };
  if (op.updatedStatus) {
    responses[String(op.updatedStatus)] = { ...success, description: 'Updated' };
  }
  for (const status of op.errors) {
    responses[`${status}`] = { description: STATUS_TEXT[status] ?? 'Error', ...error };
  }
  responses.default = { description: 'Any other error: `{ success: false, message }`', ...error };

  return {
    operationId: `${op.method}${op.path.replace(/[{}]/g, '').replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    tags: [op.tag],
    summary: op.summary,
    security:
      op.auth === 'bearer' ? [{ bearer: [] }] : op.auth === 'optional' ? [{ bearer: [] }, {}] : [],
    ...(op.params || op.query || op.headers
      ? {
          requestParams: {
            ...(op.params && { path: op.params }),
            ...(op.query && { query: op.query }),
            ...(op.headers && { header: op.headers }),
          },
        }
      : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: {
              [op.bodyType ?? 'application/json']: {
                schema: op.body,
                ...(op.example === undefined ? {} : { example: op.example }),
              },
              ...(op.formBody && { 'multipart/form-data': { schema: op.formBody } }),
            },
          },
        }
      : {}),
    responses: responses as ZodOpenApiOperationObject['responses'],
  };
}

export function buildOpenApiDocument(version = '1.0.0') {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of OPERATIONS) {
    const path = `/api${op.path}`;
    paths[path] = { ...paths[path], [op.method]: operationObject(op) };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'T-Shirt Shop API',
      version,
      description:
        'The storefront and admin API of the T-shirt shop. Prices are in rupees; the payment provider works in paise. Errors are `{ success: false, message }` with the status saying what went wrong.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'This shop' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
    },
    paths,
  });
}
