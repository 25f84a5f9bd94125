import '@tanstack/react-start/server-only';
import { z } from 'zod';
import { appConfig } from '~/app.config';
import { PROBLEM_CODES } from './problem';
import type { ApiResource } from './resource';
import { API_RESOURCES } from './resources';

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): what a request may send, or what an answer holds. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline' });
  return rest;
}

const problemRef = { $ref: '#/components/schemas/Problem' };
const problemAnswer = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: problemRef } },
});
const RATE_LIMIT_HEADERS = {
  RateLimit: { $ref: '#/components/headers/RateLimit' },
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimitPolicy' },
};
const jsonAnswer = (description: string, ref: string) => ({
  description,
  headers: RATE_LIMIT_HEADERS,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
});

/** The refusals every call may get, after its own. */
function refusals(write: boolean, scope: string) {
  return {
    '401': problemAnswer('No key, or an unknown, revoked or expired one.'),
    '403': problemAnswer(
      `The key lacks the \`${scope}\` scope${write ? ', or the server is a read-only demo' : ''}.`,
    ),
    '429': {
      ...problemAnswer("The key's rate limit is spent; `Retry-After` says when to try again."),
      headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } },
    },
  };
}

const idParameter = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string', maxLength: 64 },
  description: "The row's id. Another organization's id is not found (404).",
};

function paths(resource: ApiResource): Record<string, unknown> {
  const { collection, title } = resource;
  const read = `${collection}:read`;
  const write = `${collection}:write`;
  const listQuery = jsonSchema(resource.listQuery, 'input') as { properties?: Record<string, JsonSchema> };
  const parameters = Object.entries(listQuery.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: false,
    schema,
  }));
  const tags = [title];
  const invalid = problemAnswer('The request is invalid; `errors` names each refused field.');
  const notFound = problemAnswer('No such row in the key’s organization.');
  return {
    [`/${collection}`]: {
      get: {
        operationId: `list${title}`,
        summary: `List ${collection}`,
        description: `One page, in the list page's order, filtered by its search; \`nextCursor\` asks for the next page. Scope \`${read}\`.`,
        tags,
        parameters,
        responses: {
          '200': jsonAnswer('One page.', `${title}Page`),
          '400': invalid,
          ...refusals(false, read),
        },
      },
      post: {
        operationId: `create${title}`,
        summary: `Create one of the ${collection}`,
        description: `Audited, with the key as the actor. Scope \`${write}\`.`,
        tags,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${title}Create` } } },
        },
        responses: {
          '201': {
            ...jsonAnswer('Created.', `${title}Item`),
            headers: { ...RATE_LIMIT_HEADERS, Location: { schema: { type: 'string' } } },
          },
          '400': invalid,
          '409': problemAnswer('A unique field is already taken; `errors` names it.'),
          ...refusals(true, write),
        },
      },
    },
    [`/${collection}/{id}`]: {
      parameters: [idParameter],
      get: {
        operationId: `get${title}`,
        summary: `Read one of the ${collection}`,
        description: `Scope \`${read}\`.`,
        tags,
        responses: {
          '200': jsonAnswer('The row.', `${title}Item`),
          '404': notFound,
          ...refusals(false, read),
        },
      },
      patch: {
        operationId: `update${title}`,
        summary: `Change one of the ${collection}`,
        description: `The fields sent replace the row's; the others stay. Audited, with the key as the actor. Scope \`${write}\`.`,
        tags,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${title}Update` } } },
        },
        responses: {
          '200': jsonAnswer('The row as changed.', `${title}Item`),
          '400': invalid,
          '404': notFound,
          '409': problemAnswer('A unique field is already taken; `errors` names it.'),
          ...refusals(true, write),
        },
      },
      delete: {
        operationId: `delete${title}`,
        summary: `Delete one of the ${collection}`,
        description: `Audited, with the key as the actor. Scope \`${write}\`.`,
        tags,
        responses: {
          '204': { description: 'Deleted.', headers: RATE_LIMIT_HEADERS },
          '404': notFound,
          ...refusals(true, write),
        },
      },
    },
  };
}

function schemas(resource: ApiResource): Record<string, JsonSchema> {
  const { title } = resource;
  return {
    [`${title}Item`]: jsonSchema(resource.item, 'output'),
    [`${title}ListItem`]: jsonSchema(resource.listItem, 'output'),
    [`${title}Create`]: jsonSchema(resource.form.strict(), 'input'),
    [`${title}Update`]: jsonSchema(resource.form.partial().strict(), 'input'),
    [`${title}Page`]: {
      type: 'object',
      required: ['items', 'nextCursor', 'total', 'totalCapped'],
      properties: {
        items: { type: 'array', items: { $ref: `#/components/schemas/${title}ListItem` } },
        nextCursor: {
          type: ['string', 'null'],
          description: 'The next page’s `cursor`; null on the last page.',
        },
        total: {
          type: 'integer',
          description: `Rows matching, counted up to ${appConfig.pagination.totalCap}.`,
        },
        totalCapped: { type: 'boolean', description: 'Whether `total` stopped at the cap.' },
      },
    },
  };
}

/**
 * The public API's OpenAPI 3.1 document, made from the same zod schemas the app's server functions validate
 * with (each collection's list query, form and rows), so the reference cannot drift from what the API
 * accepts and answers. A collection the generator adds is in it by being in `API_RESOURCES`.
 */
export function openApiDocument(resources: Readonly<Record<string, ApiResource>> = API_RESOURCES) {
  const all = Object.values(resources);
  const { windowSeconds, max } = appConfig.apiKeys.rateLimit;
  return {
    openapi: '3.1.0',
    info: {
      title: `${appConfig.name} API`,
      version: '1',
      description: `An organization's data, for its API keys (created by its owners and admins on the organization screen). Send the key as \`Authorization: Bearer <key>\`. Each key may make ${max} calls per ${windowSeconds} s; every answer carries the IETF \`RateLimit\` and \`RateLimit-Policy\` headers. Errors are RFC 9457 problem details.`,
    },
    servers: [{ url: '/api/v1' }],
    security: [{ apiKey: [] }],
    tags: all.map((resource) => ({ name: resource.title })),
    paths: Object.assign({}, ...all.map(paths)),
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: `An organization's API key (\`${appConfig.apiKeys.prefix}…\`).`,
        },
      },
      headers: {
        RateLimit: {
          description: 'What is left of the key’s quota (`r`) and the seconds until it is whole again (`t`).',
          schema: { type: 'string', examples: ['"per-key";r=119;t=60'] },
        },
        RateLimitPolicy: {
          description: 'The key’s quota (`q`) per window of `w` seconds.',
          schema: { type: 'string', examples: [`"per-key";q=${max};w=${windowSeconds}`] },
        },
      },
      schemas: {
        Problem: {
          type: 'object',
          required: ['type', 'title', 'status', 'code'],
          properties: {
            type: { type: 'string', format: 'uri-reference' },
            title: { type: 'string' },
            status: { type: 'integer' },
            code: { type: 'string', enum: PROBLEM_CODES },
            detail: { type: 'string' },
            errors: {
              type: 'array',
              items: {
                type: 'object',
                required: ['field', 'code', 'message'],
                properties: {
                  field: { type: 'string' },
                  code: { type: 'string' },
                  message: { type: 'string' },
                },
              },
            },
          },
        },
        ...Object.assign({}, ...all.map(schemas)),
      },
    },
  };
}
