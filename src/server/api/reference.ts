import '@tanstack/react-start/server-only';
import { appConfig } from '~/app.config';
import { openApiDocument } from './openapi';

type Schema = {
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  maxLength?: number;
  minLength?: number;
  maximum?: number;
  minimum?: number;
  default?: unknown;
  format?: string;
  items?: Schema;
  $ref?: string;
  anyOf?: Schema[];
};
type Operation = {
  operationId: string;
  summary: string;
  description: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string }>;
};

const METHODS = ['get', 'post', 'patch', 'delete'] as const;

const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The document's own small Markdown: `code` spans only. */
const prose = (text: string) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

function typeOf(schema: Schema): string {
  if (schema.$ref) return schema.$ref.split('/').at(-1) ?? 'object';
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
  return schema.format ? `${types} (${schema.format})` : types;
}

function limits(schema: Schema): string {
  const parts: string[] = [];
  if (schema.minLength !== undefined) parts.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) parts.push(`at most ${schema.maxLength} characters`);
  if (schema.minimum !== undefined) parts.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) parts.push(`≤ ${schema.maximum}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(', ');
}

function fieldsTable(caption: string, fields: [string, Schema, boolean][]): string {
  if (!fields.length) return '';
  const rows = fields
    .map(
      ([name, schema, required]) =>
        `<tr><td><code>${escape(name)}</code>${required ? ' <span class="req">required</span>' : ''}</td><td><code>${escape(typeOf(schema))}</code></td><td>${prose([schema.description ?? '', limits(schema)].filter(Boolean).join('. '))}</td></tr>`,
    )
    .join('');
  return `<table><caption>${caption}</caption><thead><tr><th>Name</th><th>Type</th><th>Notes</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function objectFields(schema: Schema): [string, Schema, boolean][] {
  return Object.entries(schema.properties ?? {}).map(([name, field]) => [
    name,
    field,
    schema.required?.includes(name) ?? false,
  ]);
}

/**
 * `/api/v1/reference`: the OpenAPI document as one readable page (no script, the product's colours, light
 * and dark), every operation with its scope, parameters, body fields and answers, and a curl example.
 */
export function referencePage(origin: string): string {
  const document = openApiDocument();
  const schemas = document.components.schemas as Record<string, Schema>;
  const resolve = (schema: Schema) =>
    schema.$ref ? (schemas[schema.$ref.split('/').at(-1) ?? ''] ?? schema) : schema;
  const operations = Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(
    ([path, item]) =>
      METHODS.flatMap((method) => {
        const operation = item[method];
        if (!operation) return [];
        const parameters = [
          ...((item as { parameters?: Operation['parameters'] }).parameters ?? []),
          ...(operation.parameters ?? []),
        ];
        const body = operation.requestBody?.content['application/json']?.schema;
        const answers = Object.entries(operation.responses)
          .map(([status, answer]) => `<li><code>${status}</code> ${prose(answer.description)}</li>`)
          .join('');
        return [
          `<section id="${escape(operation.operationId)}"><h3><span class="method ${method}">${method.toUpperCase()}</span> <code>/api/v1${escape(path)}</code></h3><p><strong>${escape(operation.summary)}.</strong> ${prose(operation.description)}</p>${fieldsTable(
            'Parameters',
            parameters.map((p) => [
              p.name,
              {
                ...p.schema,
                description: [
                  p.in === 'path' ? 'In the path' : '',
                  p.description ?? p.schema.description ?? '',
                ]
                  .filter(Boolean)
                  .join('. '),
              },
              p.required ?? false,
            ]),
          )}${body ? fieldsTable('Body (JSON)', objectFields(resolve(body))) : ''}<ul class="answers">${answers}</ul></section>`,
        ];
      }),
  );
  const first = Object.keys(document.paths)[0] ?? '/repositories';
  const problemCodes = (schemas.Problem?.properties?.code?.enum ?? []) as string[];
  const errors = problemCodes
    .map((code) => `<li id="error-${code.toLowerCase().replaceAll('_', '-')}"><code>${code}</code></li>`)
    .join('');
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)} reference</title>
<style>
:root { color-scheme: light dark; --fg: #18181b; --muted: #52525b; --bg: #fff; --line: #e4e4e7; --code: #f4f4f5; --accent: #6d28d9; }
@media (prefers-color-scheme: dark) { :root { --fg: #fafafa; --muted: #a1a1aa; --bg: #09090b; --line: #27272a; --code: #18181b; --accent: #a78bfa; } }
body { margin: 0; font: 16px/1.6 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 60rem; margin: 0 auto; padding: 2rem 1rem 4rem; }
h1 { font-size: 1.75rem; margin: 0 0 .5rem; } h2 { margin-top: 2.5rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; }
h3 { font-size: 1.05rem; overflow-wrap: anywhere; } p, li { color: var(--fg); } .muted { color: var(--muted); }
code, pre { font-family: ui-monospace, monospace; font-size: .875em; background: var(--code); border-radius: 4px; padding: .1em .3em; }
pre { padding: 1rem; overflow-x: auto; } pre code { padding: 0; background: none; }
table { width: 100%; border-collapse: collapse; margin: .75rem 0; font-size: .9rem; display: block; overflow-x: auto; }
caption { text-align: start; font-weight: 600; padding: .25rem 0; } th, td { text-align: start; vertical-align: top; border-top: 1px solid var(--line); padding: .4rem .5rem; }
.method { display: inline-block; min-width: 4.5rem; font-size: .8rem; font-weight: 700; color: var(--accent); }
.req { font-size: .75rem; color: var(--muted); } section { border-top: 1px solid var(--line); padding-top: .5rem; }
a { color: var(--accent); }
</style>
</head>
<body><main>
<h1>${escape(document.info.title)}</h1>
<p>${prose(document.info.description)}</p>
<p class="muted">Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1).</p>
<h2 id="authentication">Authentication</h2>
<p>Create a key on the organization screen (<em>API keys</em>), choosing its scopes: <code>&lt;collection&gt;:read</code> lists and reads, <code>&lt;collection&gt;:write</code> creates, changes and deletes. The key is shown once; keep it secret. Every call acts in the key's organization only.</p>
<pre><code>curl -H "Authorization: Bearer ${escape(appConfig.apiKeys.prefix)}…" ${escape(origin)}/api/v1${escape(first)}</code></pre>
<h2 id="errors">Errors</h2>
<p>Every refusal is <code>application/problem+json</code> (RFC 9457) with <code>type</code>, <code>title</code>, <code>status</code>, the product's <code>code</code> and, for invalid input, <code>errors</code>: one <code>{ field, code, message }</code> per refused field, the message in the language of <code>Accept-Language</code>.</p>
<ul>${errors}</ul>
<h2 id="operations">Operations</h2>
${operations.join('\n')}
</main></body>
</html>`;
}
