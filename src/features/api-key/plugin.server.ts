import '@tanstack/react-start/server-only';
import { apiKey } from '@better-auth/api-key';
import { appConfig } from '~/app.config';

/**
 * better-auth's API-key plugin for organization-owned keys (docs/decisions/041-api-keys.md): each key
 * belongs to an organization (`referenceId`), is stored as its SHA-256 with its first characters in clear,
 * carries its scopes as permission statements, and has its own rate limit, counted by the plugin on the
 * key's row at every verification. Its HTTP routes stay closed (the auth route table does not list them):
 * the product's server functions and the public API call it in-process.
 */
export function apiKeyPlugin() {
  const { prefix, visibleCharacters, nameMaxLength, rateLimit, expiryDays } = appConfig.apiKeys;
  return apiKey({
    references: 'organization',
    defaultPrefix: prefix,
    requireName: true,
    maximumNameLength: nameMaxLength,
    enableMetadata: true,
    startingCharactersConfig: { shouldStore: true, charactersLength: visibleCharacters },
    keyExpiration: { defaultExpiresIn: null, minExpiresIn: 1, maxExpiresIn: Math.max(...expiryDays) },
    rateLimit: { enabled: true, timeWindow: rateLimit.windowSeconds * 1000, maxRequests: rateLimit.max },
  });
}
