import '@tanstack/react-start/server-only';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { admin, emailOTP, genericOAuth } from 'better-auth/plugins';
import { tanstackStartCookies } from 'better-auth/tanstack-start';
import { appConfig } from '~/app.config';
import { ac, defaultRole, roles } from '@/features/auth/permissions';
import { resolveRequestLanguage } from '@/lib/i18n/languages';
import type { Database } from '@/server/db/client';
import { account, rateLimit, session, user, verification } from '@/server/db/schema/index';
import { renderChangeEmailCodeEmail, renderEmailChangedEmail } from '@/server/email/account-emails';
import { renderLoginCodeEmail } from '@/server/email/login-code';
import type { Mailer } from '@/server/email/mailer';
import type { ServerEnv } from '@/server/env';
import { logger, serializeError } from '@/server/logger';
import {
  cleanStoredUser,
  parseCodeField,
  parseEmailField,
  parseNewEmail,
  parseSignInBody,
  refuseLastAdminDeletion,
  UPDATE_USER_PATH,
  validateUpdateUserBody,
} from './account-hooks';
import { adminAfter, adminBefore } from './admin-hooks';
import { refuseBannedSessions } from './banned-sessions';
import {
  auditImpersonatedChange,
  capImpersonationExpiry,
  guardImpersonation,
  impersonationAnswer,
} from './impersonation';
import {
  CHANGE_EMAIL_PATH,
  type CodeFloors,
  type CodeRequests,
  createCodeRequests,
  defaultCodeFloors,
  REQUEST_EMAIL_CHANGE_PATH,
  SEND_CODE_PATH,
  SIGN_IN_PATH,
  storeDecoyCode,
} from './codes';
import { postgresQuotaStore, type QuotaStore } from './quota-store';
import { guardAuthRoutes } from './routes';

/** Limits chosen for sign-in; see docs/decisions/005-sign-in.md for why these numbers. */
export type AuthLimits = {
  /** better-auth's per-IP, per-path limit for every auth route. */
  perIp: { window: number; max: number };
  /** Per-IP limit on asking for a code and on trying one. */
  codes: { window: number; max: number };
  /** Codes sent to one address, whoever asks, per window (anti mail-bombing). */
  perAddress: { window: number; max: number };
};

export const defaultAuthLimits: AuthLimits = {
  perIp: { window: 60, max: 100 },
  codes: { window: 60, max: 10 },
  perAddress: { window: 3600, max: 5 },
};

export type AuthDeps = {
  db: Database;
  env: ServerEnv;
  mailer: Mailer;
  baseURL: string;
  signUpEnabled: boolean;
  demo: boolean;
  limits?: AuthLimits;
  /** Where rate-limit counters live; the database unless Redis is configured. */
  quotaStore?: QuotaStore;
  /** Shortest answers of the code routes; tests that do not measure them pass zeros. */
  codeFloors?: CodeFloors;
};

export const DEMO_CODE = appConfig.auth.demoCode;
/** The sample accounts a demo visitor signs in to with the fixed code; no other address takes it. */
const DEMO_ACCOUNTS: readonly string[] = [appConfig.seed.adminEmail, appConfig.seed.userEmail];

export function createAuth(deps: AuthDeps) {
  const codes = createCodeRequests({
    secret: deps.env.BETTER_AUTH_SECRET,
    secureCookies: deps.env.NODE_ENV === 'production',
    floors: deps.codeFloors ?? defaultCodeFloors,
  });
  const auth = buildAuth(deps, codes);
  // A session whose user is banned is refused wherever better-auth reads it (banned-sessions.ts).
  refuseBannedSessions(auth);
  // Only the routes the product uses reach better-auth (a demo: only reads and signing in and out);
  // calls through `auth.api` stay open to server code, which guards its own server functions.
  auth.handler = guardAuthRoutes(codes.wrap(auth.handler), { demo: deps.demo });
  return auth;
}

function buildAuth(deps: AuthDeps, codes: CodeRequests) {
  const { db, env, mailer } = deps;
  const limits = deps.limits ?? defaultAuthLimits;
  const quotaStore = deps.quotaStore ?? postgresQuotaStore(db);
  const signUpEnabled = deps.signUpEnabled && !deps.demo;
  const expiresIn = Math.min(appConfig.auth.otpExpiryMinutes, 10) * 60;
  const production = env.NODE_ENV === 'production';

  /**
   * Counts one code mailed to `email` (whoever asks, for what) against its hourly limit; the refusal when
   * the limit is reached. A demo mails nothing, and every visitor signs in to the same few accounts, so it
   * has no such limit (per-IP limits remain).
   */
  const limitMail = async (email: string): Promise<APIError | undefined> => {
    if (deps.demo) return undefined;
    const quota = await quotaStore.consume(codes.sendQuotaKey(email), limits.perAddress);
    if (quota.allowed) return undefined;
    return new APIError(
      'TOO_MANY_REQUESTS',
      { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' },
      { 'X-Retry-After': String(quota.retryAfter ?? limits.perAddress.window) },
    );
  };

  /**
   * The end of a request that asked for a code to `email`, stored under `identifier`. When the mailer
   * refused it (limit, SMTP), the unsent code goes and the caller hears why. When better-auth mailed
   * nothing at all (an address without an account while sign-up is off, a new address that already has
   * an account), the request still counts against the limit, still needs a mail server that answers,
   * and leaves a code nobody knows that can be tried, run out of tries and expire like a real one: the
   * answer is the same whoever the address belongs to.
   */
  const finishCodeRequest = async (ctx: AfterHookContext, identifier: string, email: string) => {
    const request = codes.current();
    if (!request || ctx.context.returned instanceof APIError) return;
    if (request.mailAttempted) {
      if (!request.failure) return;
      await ctx.context.internalAdapter.deleteVerificationByIdentifier(identifier);
      throw request.failure;
    }
    const refusal = await limitMail(email);
    if (refusal) throw refusal;
    if (!deps.demo && !(await mailer.reachable())) throw emailNotSent();
    await storeDecoyCode(ctx.context, { identifier, expiresIn, length: appConfig.auth.otpLength });
  };

  /** After a successful change of address, the previous address hears about it (best effort). */
  const notifyPreviousAddress = async (ctx: AfterHookContext) => {
    const previous = ctx.context.session?.user.email;
    if (ctx.context.returned instanceof APIError || !previous || deps.demo) return;
    const newEmail = parseNewEmail(ctx.body);
    try {
      await mailer.send(
        await renderEmailChangedEmail({ to: previous, newEmail, lng: requestLanguage(ctx.headers) }),
      );
    } catch (error) {
      // The address has changed already; a lost notice must not turn that into an error.
      logger.warn({ err: serializeError(error) }, 'e-mail change notice not sent');
    }
  };

  return betterAuth({
    appName: appConfig.name,
    baseURL: deps.baseURL,
    secret: env.BETTER_AUTH_SECRET,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit },
    }),
    emailAndPassword: { enabled: false },
    verification: { storeIdentifier: codes.identifierStorage },
    user: {
      additionalFields: { onboardedAt: { type: 'date', required: false, input: false } },
      // No password to re-enter here: better-auth then requires a session created within `freshAge`
      // (a day) and answers SESSION_EXPIRED otherwise; the screen asks to sign in again.
      deleteUser: {
        enabled: true,
        beforeDelete: (target) => refuseLastAdminDeletion(db, target, env.ADMIN_USER_IDS),
      },
    },
    session: {
      // Sliding: each day of use pushes expiry a week out, never past the absolute maximum below.
      expiresIn: 7 * 24 * 3600,
      updateAge: 24 * 3600,
    },
    databaseHooks: {
      // Every way a name reaches the user table (a provider's profile too) stores it cleaned and bounded.
      user: {
        create: { before: async (data) => cleanStoredUser(data) },
        update: { before: async (data) => cleanStoredUser(data) },
      },
      session: {
        update: {
          // better-auth slides `expiresAt` on use; clamp it to the session's creation + the absolute maximum.
          before: async (data, ctx) => {
            // An impersonation ends an hour after it began, however it is refreshed (impersonation.ts).
            const impersonation = capImpersonationExpiry(data, ctx?.context.session?.session);
            if (impersonation) return impersonation;
            const createdAt = ctx?.context.session?.session.createdAt;
            if (!createdAt || !(data.expiresAt instanceof Date)) return;
            const latest = new Date(
              new Date(createdAt).getTime() + appConfig.auth.sessionMaxAgeDays * 86_400_000,
            );
            if (data.expiresAt > latest) return { data: { ...data, expiresAt: latest } };
          },
        },
      },
    },
    rateLimit: {
      enabled: true,
      customStorage: quotaStore,
      window: limits.perIp.window,
      max: limits.perIp.max,
      customRules: {
        [SEND_CODE_PATH]: limits.codes,
        [SIGN_IN_PATH]: limits.codes,
        [REQUEST_EMAIL_CHANGE_PATH]: limits.codes,
        [CHANGE_EMAIL_PATH]: limits.codes,
      },
    },
    advanced: {
      useSecureCookies: production,
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      // Every request's session check reads the session with its user in one query instead of two
      // (relations in src/server/db/schema/auth.ts); still a database read, so a revocation or a ban
      // counts at the very next request.
      database: { joins: true },
    },
    onAPIError: { errorURL: '/login/error' },
    // better-auth's own messages go to the structured log.
    logger: {
      log: (level, message, ...args) => {
        const data = args.length
          ? { args: args.map((arg) => (arg instanceof Error ? serializeError(arg) : arg)) }
          : {};
        logger[level]({ source: 'better-auth', ...data }, message);
      },
    },
    account: {
      // No trusted providers: an account is linked only when the provider says the e-mail is verified.
      accountLinking: { enabled: true, allowDifferentEmails: false },
    },
    socialProviders: {
      ...(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
        ? {
            github: {
              clientId: env.GITHUB_CLIENT_ID,
              clientSecret: env.GITHUB_CLIENT_SECRET,
              disableImplicitSignUp: !signUpEnabled,
            },
          }
        : {}),
      ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            google: {
              clientId: env.GOOGLE_CLIENT_ID,
              clientSecret: env.GOOGLE_CLIENT_SECRET,
              disableImplicitSignUp: !signUpEnabled,
            },
          }
        : {}),
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await guardImpersonation(ctx);
        if (ctx.path.startsWith('/admin/')) return adminBefore(ctx, db, env.ADMIN_USER_IDS);
        if (ctx.path === UPDATE_USER_PATH) return { context: { body: validateUpdateUserBody(ctx.body) } };
        if (ctx.path === SIGN_IN_PATH) return { context: { body: parseSignInBody(ctx.body) } };
        if (ctx.path === CHANGE_EMAIL_PATH || ctx.path === REQUEST_EMAIL_CHANGE_PATH) {
          const newEmail = parseNewEmail(ctx.body);
          const code = ctx.path === CHANGE_EMAIL_PATH ? { otp: parseCodeField(ctx.body) } : {};
          // better-auth checks the address as typed; it continues with the trimmed, lower-cased one.
          return { context: { body: { ...ctx.body, newEmail, ...code } } };
        }
        if (ctx.path !== SEND_CODE_PATH) return;
        // The product only mails sign-in codes; other code types have no screen and no cleanup path.
        if (ctx.body?.type !== 'sign-in') {
          throw new APIError('BAD_REQUEST', { code: 'INVALID_OTP_TYPE', message: 'Invalid OTP type' });
        }
        // better-auth checks the format only; the length limit and the normalising are the product's.
        return { context: { body: { ...ctx.body, email: parseEmailField(ctx.body, 'email') } } };
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (impersonationAnswer(ctx) === null) return ctx.json(null);
        await auditImpersonatedChange(ctx, db);
        if (ctx.path.startsWith('/admin/')) return adminAfter(ctx, db);
        if (ctx.path === SIGN_IN_PATH) {
          await explainBan(ctx);
          const request = codes.current();
          if (request && !(ctx.context.returned instanceof APIError)) {
            request.signedInAs = parseEmailField(ctx.body, 'email');
          }
          return;
        }
        if (ctx.path === CHANGE_EMAIL_PATH) return afterChangeEmail(ctx, notifyPreviousAddress);
        if (ctx.path === REQUEST_EMAIL_CHANGE_PATH) {
          const newEmail = parseNewEmail(ctx.body);
          const userId = ctx.context.session?.user.id;
          if (userId) await finishCodeRequest(ctx, `change-email-otp-${userId}:${newEmail}`, newEmail);
          return;
        }
        if (ctx.path !== SEND_CODE_PATH) return;
        const email = parseEmailField(ctx.body, 'email');
        await finishCodeRequest(ctx, `sign-in-otp-${email}`, email);
      }),
    },
    plugins: [
      emailOTP({
        otpLength: appConfig.auth.otpLength,
        expiresIn,
        allowedAttempts: appConfig.auth.otpMaxAttempts,
        storeOTP: 'encrypted',
        disableSignUp: !signUpEnabled,
        // In a demo only the sample accounts take the fixed code; anyone else gets a random one (never
        // mailed), so the demo signs nobody in to another account. `undefined` means better-auth's own.
        ...(deps.demo
          ? { generateOTP: ({ email }) => (DEMO_ACCOUNTS.includes(email) ? DEMO_CODE : undefined) }
          : {}),
        // Changing the address with a code (see docs/decisions/009-change-email-with-a-code.md).
        changeEmail: { enabled: true },
        // The one place a code is mailed, for every kind of code: the per-address limit is counted here,
        // so no route can get round it. better-auth swallows what this throws, so a refusal is left on
        // the request for the after hook to answer with (`finishCodeRequest`).
        sendVerificationOTP: async ({ email, otp, type }, ctx) => {
          const request = codes.current();
          if (request) request.mailAttempted = true;
          const refusal = await limitMail(email.toLowerCase());
          if (refusal) {
            if (request) request.failure = refusal;
            return;
          }
          if (deps.demo) return;
          const lng = requestLanguage(ctx?.headers);
          const render = type === 'change-email' ? renderChangeEmailCodeEmail : renderLoginCodeEmail;
          try {
            await mailer.send(await render({ to: email, code: otp, lng, minutes: expiresIn / 60 }));
          } catch (error) {
            logger.error({ err: serializeError(error), type }, 'code e-mail not sent');
            if (request) request.failure = emailNotSent();
          }
        },
      }),
      admin({
        ac,
        roles,
        defaultRole,
        adminRoles: ['admin'],
        adminUserIds: env.ADMIN_USER_IDS,
        impersonationSessionDuration: appConfig.auth.impersonationMaxMinutes * 60,
        allowImpersonatingAdmins: false,
      }),
      ...(env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'oidc',
                  clientId: env.OIDC_CLIENT_ID,
                  clientSecret: env.OIDC_CLIENT_SECRET,
                  discoveryUrl: `${env.OIDC_ISSUER.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  disableImplicitSignUp: !signUpEnabled,
                },
              ],
            }),
          ]
        : []),
      // Must stay last: it copies better-auth's cookies onto TanStack Start's response.
      tanstackStartCookies(),
    ],
  });
}

export type Auth = ReturnType<typeof buildAuth>;

type AfterHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const emailNotSent = () =>
  new APIError('SERVICE_UNAVAILABLE', { code: 'EMAIL_NOT_SENT', message: 'Email not sent' });

/**
 * Confirming a new address: better-auth checks that nobody took it only once the code is right (before
 * that, the answer must not tell whether it has an account); that late refusal gets the product's code.
 * Otherwise the previous address hears about the change.
 */
async function afterChangeEmail(ctx: AfterHookContext, notify: (ctx: AfterHookContext) => Promise<void>) {
  const returned = ctx.context.returned;
  if (returned instanceof APIError && returned.body?.message === 'Email already in use') {
    throw new APIError('BAD_REQUEST', {
      code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
      message: 'Email already in use',
    });
  }
  await notify(ctx);
}

/**
 * better-auth refuses a banned user with a bare BANNED_USER; the answer gains the ban's end (ISO
 * 8601) so the screen can say until when. Permanent bans stay as they are.
 */
async function explainBan(ctx: AfterHookContext) {
  const returned = ctx.context.returned;
  if (!(returned instanceof APIError) || returned.body?.code !== 'BANNED_USER') return;
  const email = typeof ctx.body?.email === 'string' ? ctx.body.email.trim().toLowerCase() : '';
  const found = email ? await ctx.context.internalAdapter.findUserByEmail(email) : null;
  const banExpires = (found?.user as { banExpires?: Date | string | null } | undefined)?.banExpires;
  if (!banExpires) return;
  throw new APIError('FORBIDDEN', {
    code: 'BANNED_USER',
    message: returned.body?.message ?? 'Banned',
    banExpires: new Date(banExpires).toISOString(),
  });
}

/** The language of the person behind a request: the language cookie, then Accept-Language. */
function requestLanguage(headers: Headers | undefined) {
  return resolveRequestLanguage({
    cookie: readCookie(headers?.get('cookie'), appConfig.i18n.cookieName),
    acceptLanguage: headers?.get('accept-language'),
  });
}

function readCookie(header: string | null | undefined, name: string): string | undefined {
  const match = header?.split(';').find((part) => part.trim().startsWith(`${name}=`));
  return match ? decodeURIComponent(match.split('=')[1] ?? '') : undefined;
}
