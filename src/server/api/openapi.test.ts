import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { apiCollections, apiScopes } from '@/features/api-key/scopes';
import { zRepositoryForm } from '@/features/repository/schema';
import { openApiDocument } from './openapi';
import { API_RESOURCES } from './resources';

// The public API's OpenAPI document, checked by a real OpenAPI 3.1 validator, and held to the registry: every
// tenant-owned entity (src/entities.ts) has its collection, its five operations and its scopes.
describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(openApiDocument())));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has every tenant-owned entity of the registry, with its five operations', () => {
    expect(Object.keys(API_RESOURCES).sort()).toEqual(apiCollections().sort());
    const { paths } = openApiDocument();
    for (const collection of apiCollections()) {
      expect(Object.keys(paths[`/${collection}`] ?? {}).sort()).toEqual(['get', 'post']);
      expect(Object.keys(paths[`/${collection}/{id}`] ?? {}).sort()).toEqual([
        'delete',
        'get',
        'parameters',
        'patch',
      ]);
      expect(apiScopes()).toEqual(expect.arrayContaining([`${collection}:read`, `${collection}:write`]));
    }
  });

  it("describes a collection's body with its form's own fields and limits", () => {
    const { components } = openApiDocument();
    const create = components.schemas.RepositoriesCreate as {
      properties: Record<string, { maxLength?: number }>;
      required: string[];
      additionalProperties: boolean;
    };
    expect(Object.keys(create.properties).sort()).toEqual(Object.keys(zRepositoryForm.shape).sort());
    expect(create.required).toEqual(expect.arrayContaining(['name', 'link']));
    expect(create.additionalProperties).toBe(false);
    const list = openApiDocument().paths['/repositories']?.get as { parameters: { name: string }[] };
    expect(list.parameters.map((parameter) => parameter.name).sort()).toEqual(
      ['cursor', 'limit', 'order', 'searchTerm', 'sort'].sort(),
    );
  });
});
