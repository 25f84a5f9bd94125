// The one barrel in the project: drizzle wants the whole schema as one object.
export * from './api-key.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './billing.ts';
export * from './organization.ts';
export * from './passkey.ts';
export * from './repository.ts';
export * from './saved-view.ts';
export * from './webhook.ts';
