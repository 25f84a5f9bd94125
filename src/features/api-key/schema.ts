import { z } from 'zod';
import { cleanName } from '@/lib/text';
import { appConfig } from '~/app.config';
import { apiScopes, type Scope } from './scopes';

/** One key as the organization's list and the manager's show it: never the key, only its first characters. */
export type ApiKeyListItem = {
  id: string;
  name: string;
  /** The key's first characters, its prefix included (`sk_a1B2c3…`). */
  start: string;
  scopes: Scope[];
  /** The member who created it (null once their account is gone). */
  createdBy: { id: string; name: string } | null;
  createdAt: string;
  /** The last call the API accepted with it. */
  lastUsedAt: string | null;
  expiresAt: string | null;
  /** Past its expiry when read (the plugin deletes it at its next use). */
  expired: boolean;
};

/** A key just created: its row, and the key itself, shown once. */
export type CreatedApiKey = { item: ApiKeyListItem; key: string };

// Messages are i18n keys in the `api-key` namespace.

const zScope = z.enum(apiScopes() as [Scope, ...Scope[]], { error: 'form.scopes.required' });

/** "Create key": a name, at least one scope, and an expiry among those offered (or none). */
export const zApiKeyForm = z.object({
  name: z
    .string({ error: 'form.name.required' })
    .overwrite(cleanName)
    .min(1, { error: 'form.name.required', abort: true })
    .max(appConfig.apiKeys.nameMaxLength, { error: 'form.name.max' }),
  scopes: z
    .array(zScope)
    .min(1, { error: 'form.scopes.required' })
    .max(apiScopes().length)
    .transform((scopes) => [...new Set(scopes)]),
  expiresInDays: z.union(
    [z.null(), ...appConfig.apiKeys.expiryDays.map((days) => z.literal(days))] as [
      z.ZodNull,
      ...z.ZodLiteral<number>[],
    ],
    { error: 'form.expiry.invalid' },
  ),
});
export type ApiKeyFormInput = z.input<typeof zApiKeyForm>;
export type ApiKeyValues = z.output<typeof zApiKeyForm>;

// Any string is accepted: an id that matches no key of the organization is simply not found.
export const zApiKeyIdInput = z.object({ id: z.string().max(64) });

/** The manager's view of one organization's keys, and a revocation there. */
export const zOrganizationApiKeysInput = z.object({ organizationId: z.string().max(64) });
export const zPlatformApiKeyIdInput = zOrganizationApiKeysInput.extend({ id: zApiKeyIdInput.shape.id });
