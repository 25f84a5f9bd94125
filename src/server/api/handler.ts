import '@tanstack/react-start/server-only';
import { z } from 'zod';
import { apiKeyScope } from '@/features/audit/acting-as.server';
import { assertWritable } from '@/features/billing/limits.server';
import { type AppLanguage, appConfig } from '~/app.config';
import { AppError } from '@/lib/errors';
import { getAuth } from '@/server/auth/instance';
import { clientIp } from '@/server/client-ip';
import { isDatabaseUnavailable } from '@/server/db/errors';
import { currentRequest } from '@/server/http/request-context';
import { translatorFor } from '@/server/i18n/locales';
import { languageOfRequest } from '@/server/i18n/request-language';
import { logger, serializeError } from '@/server/logger';
import { type ApiCaller, authenticateApiKey, hasScope } from './key-auth';
import { type FieldProblem, problem } from './problem';
import type { ApiActor, ApiResource } from './resource';
import { API_RESOURCES } from './resources';

type Target = { collection: string; id?: string };

/**
 * Every call of the public API (`/api/v1/<collection>` and `/api/v1/<collection>/<id>`): the key first
 * (401, 429), then the collection (404), the key's scope for it (403), and the call itself within the key's
 * organization — another organization's id is a 404. Every change is audited with the key as its actor.
 * Each answer after the key check carries the key's `RateLimit` headers.
 */
export async function answerApiRequest(request: Request, target: Target): Promise<Response> {
  const language = languageOfRequest(request.headers);
  const fail = (error: unknown) => failure(error, target.collection, language);
  const caller = await getAuth()
    .then((auth) => authenticateApiKey(auth, request))
    .catch(fail);
  if (caller instanceof Response) return caller;
  const response = await answerAs(caller, request, target, language).catch(fail);
  for (const [name, value] of caller.rateLimitHeaders) response.headers.set(name, value);
  return response;
}

async function answerAs(
  caller: ApiCaller,
  request: Request,
  target: Target,
  language: AppLanguage,
): Promise<Response> {
  const resource = Object.hasOwn(API_RESOURCES, target.collection)
    ? API_RESOURCES[target.collection]
    : undefined;
  if (!resource) return problem(404, 'NOT_FOUND');
  const action = request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write';
  if (!hasScope(caller, resource.collection, action)) {
    return problem(403, 'INSUFFICIENT_SCOPE', {
      detail: `This call needs the ${resource.collection}:${action} scope.`,
    });
  }
  const actor: ApiActor = { userId: null, ip: clientIp() };
  const organizationId = caller.organizationId;
  // An organization whose payment is overdue past its grace period is read, not changed.
  if (action === 'write') await assertWritable(organizationId);
  return apiKeyScope(caller.key, async () => {
    if (target.id === undefined) {
      if (request.method === 'GET') return list(resource, organizationId, new URL(request.url), language);
      if (request.method === 'POST') {
        const body = await readBody(request, language);
        if (body instanceof Response) return body;
        const values = await parsed(resource, resource.form.strict(), body, language);
        if (values instanceof Response) return values;
        const created = await resource.create(organizationId, values as never, actor);
        const item = resource.item.parse(created) as { id: string };
        return Response.json(item, {
          status: 201,
          headers: { location: `/api/v1/${resource.collection}/${encodeURIComponent(item.id)}` },
        });
      }
      return methodNotAllowed('GET, POST');
    }
    const id = target.id;
    if (request.method === 'GET') {
      const found = await resource.get(organizationId, id);
      return found ? Response.json(resource.item.parse(found)) : problem(404, 'NOT_FOUND');
    }
    if (request.method === 'PATCH') {
      const body = await readBody(request, language);
      if (body instanceof Response) return body;
      const checked = await parsed(resource, resource.form.partial().strict(), body, language);
      if (checked instanceof Response) return checked;
      const found = await resource.get(organizationId, id);
      if (!found) return problem(404, 'NOT_FOUND');
      // The fields not sent keep their values: the whole form is checked as the app's edit page checks it.
      const current = resource.form
        .keyof()
        .options.map((key) => [key, (found as Record<string, unknown>)[key]]);
      const values = await parsed(
        resource,
        resource.form,
        { ...Object.fromEntries(current), ...body },
        language,
      );
      if (values instanceof Response) return values;
      const updated = await resource.update(organizationId, id, values as never, actor);
      return updated ? Response.json(resource.item.parse(updated)) : problem(404, 'NOT_FOUND');
    }
    if (request.method === 'DELETE') {
      return (await resource.remove(organizationId, id, actor))
        ? new Response(null, { status: 204 })
        : problem(404, 'NOT_FOUND');
    }
    return methodNotAllowed('GET, PATCH, DELETE');
  });
}

/** One page of the list, with the same query the list page reads from its URL. */
async function list(
  resource: ApiResource,
  organizationId: string,
  url: URL,
  language: AppLanguage,
): Promise<Response> {
  const query = await parsed(
    resource,
    resource.listQuery.strict(),
    queryObject(resource.listQuery, url),
    language,
  );
  if (query instanceof Response) return query;
  const page = await resource.list(organizationId, query as never);
  return Response.json({
    items: page.items.map((item) => resource.listItem.parse(item)),
    nextCursor: page.nextCursor,
    total: page.total,
    totalCapped: page.totalCapped,
  });
}

/** The schema a field's value must satisfy, without its default or optional wrapper. */
function innerType(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
  return inner;
}

/** The URL's parameters as the list query's schema reads them: numbers and yes/no as such, lists as lists. */
function queryObject(schema: z.ZodObject, url: URL): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const field = Object.hasOwn(schema.shape, key) ? innerType(schema.shape[key] as z.ZodType) : undefined;
    const all = url.searchParams.getAll(key);
    const raw = all.at(-1) ?? '';
    if (field instanceof z.ZodArray) values[key] = all;
    else if (field instanceof z.ZodNumber) values[key] = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
    else if (field instanceof z.ZodBoolean)
      values[key] = raw === 'true' ? true : raw === 'false' ? false : raw;
    else values[key] = raw;
  }
  return values;
}

/** The request's JSON object, or the answer that refuses it (415, 400). */
async function readBody(
  request: Request,
  language: AppLanguage,
): Promise<Record<string, unknown> | Response> {
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(request.headers.get('content-type') ?? '')) {
    return problem(415, 'UNSUPPORTED_MEDIA_TYPE');
  }
  // Its size is capped before any handler runs (src/server/http/body-limit.ts).
  const text = await request.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const t = await translatorFor(language, 'api-key');
    return problem(400, 'VALIDATION_ERROR', { detail: t('api.invalidJson') });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    const t = await translatorFor(language, 'api-key');
    return problem(400, 'VALIDATION_ERROR', { detail: t('api.notAnObject') });
  }
  return body as Record<string, unknown>;
}

/**
 * `value` through `schema`, or a 400 naming each refused field with the product's message, translated
 * (the schemas' messages are i18n keys of the entity's namespace; zod's own texts never reach a caller).
 */
async function parsed(
  resource: ApiResource,
  schema: z.ZodType,
  value: unknown,
  language: AppLanguage,
): Promise<unknown> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const t = await translatorFor(language, [resource.noun, 'api-key']);
  const errors: FieldProblem[] = result.error.issues.map((issue) => {
    const unknownKey = issue.code === 'unrecognized_keys';
    const field = [...issue.path, ...(unknownKey ? issue.keys.slice(0, 1) : [])].join('.');
    const key = /^[a-z][\w]*(\.[\w]+)+$/.test(issue.message) ? issue.message : null;
    const code = unknownKey ? 'api.unknownField' : (key ?? 'api.invalidField');
    const message = key
      ? t(key, { ...appConfig.limits, defaultValue: t('api-key:api.invalidField') })
      : t(`api-key:${code}`);
    return { field, code, message };
  });
  return problem(400, 'VALIDATION_ERROR', { detail: t('api-key:api.invalid'), errors });
}

function methodNotAllowed(allow: string): Response {
  return problem(405, 'METHOD_NOT_ALLOWED', { headers: { allow } });
}

/** A failure of the call itself as its answer: the product's codes as such, anything else a 500 logged once. */
async function failure(error: unknown, collection: string, language: AppLanguage): Promise<Response> {
  if (error instanceof AppError) {
    const noun = Object.hasOwn(API_RESOURCES, collection) ? API_RESOURCES[collection]?.noun : undefined;
    if (error.code === 'CONFLICT' && error.field && noun) {
      // The form's own message for a taken value (`form.<field>.taken`), as the app's form shows it.
      const key = `form.${error.field}.taken`;
      const t = await translatorFor(language, noun);
      return problem(409, 'CONFLICT', { errors: [{ field: error.field, code: key, message: t(key) }] });
    }
    if (error.code === 'PLAN_LIMIT_REACHED' && noun) {
      // Which limit, in the caller's language, as the app's form says it.
      const t = await translatorFor(language, noun);
      return problem(error.status, error.code, { detail: t('errors.PLAN_LIMIT_REACHED') });
    }
    return problem(error.status, error.code);
  }
  const requestId = currentRequest()?.id;
  if (isDatabaseUnavailable(error)) {
    logger.warn({ requestId, err: serializeError(error) }, 'database unavailable');
    return problem(503, 'SERVICE_UNAVAILABLE', { headers: { 'retry-after': '5' } });
  }
  logger.error({ requestId, source: 'api', err: serializeError(error) }, 'unexpected error');
  return problem(500, 'UNKNOWN_ERROR');
}
