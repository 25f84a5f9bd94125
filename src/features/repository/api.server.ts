import '@tanstack/react-start/server-only';
import { z } from 'zod';
import type { ApiResource } from '@/server/api/resource';
import { findRepositoryById, listRepositories } from './data.server';
import { changeRepository, createRepository, removeRepository } from './mutations.server';
import { type RepositoryValues, zRepositoryForm, zRepositoryListQuery } from './schema';

// The public API's /api/v1/repositories: the app area's functions (the list page's query, the form's
// schema, the same data and audited mutations), scoped to the calling key's organization.

const zRepositoryListItem = z.object({
  id: z.string(),
  name: z.string(),
  link: z.string(),
  descriptionExcerpt: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});

const zRepository = z.object({
  id: z.string(),
  name: z.string(),
  link: z.string(),
  description: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});

export const repositoryApi: ApiResource = {
  noun: 'repository',
  collection: 'repositories',
  title: 'Repositories',
  listQuery: zRepositoryListQuery,
  form: zRepositoryForm,
  listItem: zRepositoryListItem,
  item: zRepository,
  list: (organizationId, query: z.output<typeof zRepositoryListQuery>, db) =>
    listRepositories({ organizationId }, query, db),
  get: (organizationId, id, db) => findRepositoryById({ organizationId }, id, db),
  create: (organizationId, values: RepositoryValues, actor, db) =>
    createRepository(organizationId, values, actor, db),
  update: (organizationId, id, values: RepositoryValues, actor, db) =>
    changeRepository({ organizationId }, id, values, actor, db),
  remove: (organizationId, id, actor, db) => removeRepository({ organizationId }, id, actor, db),
};
