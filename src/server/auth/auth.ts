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
  CHANGE_EMAIL_PATH,
  cleanStoredUser,
  parseCodeField,
  parseEmailField,
  parseNewEmail,
  parseSignInBody,
  refuseLastAdminDeletion,
  refuseTakenEmail,
  REQUEST_EMAIL_CHANGE_PATH,
  UPDATE_USER_PATH,
  validateUpdateUserBody,
} from './account-hooks';
import { adminAfter, adminBefore } from './admin-hooks';
import { withDemoGuard } from './demo-routes';
import { postgresQuotaStore, type QuotaStore } from './quota-store';

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
};

export const DEMO_CODE = appConfig.auth.demoCode;
const SEND_CODE_PATH = '/email-otp/send-verification-otp';
const SIGN_IN_PATH = '/sign-in/email-otp';

/**
 * With sign-up off, a known address waits for the SMTP round trip and an unknown one does not; every
 * answer of the send route is held to at least this long so timing does not reveal which is which.
 */
const SEND_CODE_MIN_MS = 1_000;

export function createAuth(deps: AuthDeps) {
  const auth = buildAuth(deps);
  // Refused before better-auth runs anything: calls through `auth.api` stay open to server code, which
  // the demo middleware of server functions guards instead.
  if (deps.demo) auth.handler = withDemoGuard(auth.handler);
  if (deps.signUpEnabled && !deps.demo) return auth;
  const handler = auth.handler;
  auth.handler = async (request: Request) => {
    const started = Date.now();
    const response = await handler(request);
    if (new URL(request.url).pathname.endsWith(SEND_CODE_PATH)) {
      const wait = SEND_CODE_MIN_MS - (Date.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    return response;
  };
  return auth;
}

function buildAuth(deps: AuthDeps) {
  const { db, env, mailer } = deps;
  const limits = deps.limits ?? defaultAuthLimits;
  const quotaStore = deps.quotaStore ?? postgresQuotaStore(db);
  const signUpEnabled = deps.signUpEnabled && !deps.demo;
  const expiresIn = Math.min(appConfig.auth.otpExpiryMinutes, 10) * 60;
  const production = env.NODE_ENV === 'production';
  // Addresses whose code could not be mailed during the current request. better-auth swallows errors
  // thrown by `sendVerificationOTP`, so the failure is noted here and turned into an answer by `after`.
  const unsent = new Set<string>();
  // Codes mailed to one address per window, whoever asks and for what (sign-in or a change of address).
  const consumeSendQuota = async (email: string) => {
    const quota = await quotaStore.consume(`otp-send:${email}`, limits.perAddress);
    if (!quota.allowed) {
      throw new APIError(
        'TOO_MANY_REQUESTS',
        { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' },
        { 'X-Retry-After': String(quota.retryAfter ?? limits.perAddress.window) },
      );
    }
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
        '/sign-in/email-otp': limits.codes,
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
        if (ctx.path.startsWith('/admin/')) return adminBefore(ctx, db, env.ADMIN_USER_IDS);
        if (ctx.path === UPDATE_USER_PATH) return { context: { body: validateUpdateUserBody(ctx.body) } };
        if (ctx.path === SIGN_IN_PATH) return { context: { body: parseSignInBody(ctx.body) } };
        if (ctx.path === CHANGE_EMAIL_PATH || ctx.path === REQUEST_EMAIL_CHANGE_PATH) {
          const newEmail = parseNewEmail(ctx.body);
          const code = ctx.path === CHANGE_EMAIL_PATH ? { otp: parseCodeField(ctx.body) } : {};
          await refuseTakenEmail(db, newEmail);
          if (ctx.path === REQUEST_EMAIL_CHANGE_PATH) await consumeSendQuota(newEmail);
          // better-auth checks the address as typed; it continues with the trimmed, lower-cased one.
          return { context: { body: { ...ctx.body, newEmail, ...code } } };
        }
        if (ctx.path !== SEND_CODE_PATH) return;
        // The product only mails sign-in codes; other code types have no screen and no cleanup path.
        if (ctx.body?.type !== 'sign-in') {
          throw new APIError('BAD_REQUEST', { code: 'INVALID_OTP_TYPE', message: 'Invalid OTP type' });
        }
        // better-auth checks the format only; the length limit and the normalising are the product's.
        const email = parseEmailField(ctx.body, 'email');
        // The per-address limit guards inboxes; a demo mails nothing, and every visitor signs in to the
        // same few accounts, so it would lock them all out. Per-IP limits still apply.
        if (!deps.demo) await consumeSendQuota(email);
        return { context: { body: { ...ctx.body, email } } };
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path.startsWith('/admin/')) return adminAfter(ctx, db);
        if (ctx.path === SIGN_IN_PATH) return explainBan(ctx);
        if (ctx.path === CHANGE_EMAIL_PATH) return notifyPreviousAddress(ctx);
        if (ctx.path === REQUEST_EMAIL_CHANGE_PATH) {
          const newEmail = parseNewEmail(ctx.body);
          const userId = ctx.context.session?.user.id;
          if (!unsent.delete(newEmail) || !userId) return;
          await ctx.context.internalAdapter.deleteVerificationByIdentifier(
            `change-email-otp-${userId}:${newEmail}`,
          );
          throw new APIError('SERVICE_UNAVAILABLE', { code: 'EMAIL_NOT_SENT', message: 'Email not sent' });
        }
        if (ctx.path !== SEND_CODE_PATH) return;
        const email = typeof ctx.body?.email === 'string' ? ctx.body.email.trim().toLowerCase() : '';
        if (!unsent.delete(email)) return;
        // Nothing half-done stays behind: the code that never arrived is removed.
        await ctx.context.internalAdapter.deleteVerificationByIdentifier(`sign-in-otp-${email}`);
        throw new APIError('SERVICE_UNAVAILABLE', { code: 'EMAIL_NOT_SENT', message: 'Email not sent' });
      }),
    },
    plugins: [
      emailOTP({
        otpLength: appConfig.auth.otpLength,
        expiresIn,
        allowedAttempts: appConfig.auth.otpMaxAttempts,
        storeOTP: 'encrypted',
        disableSignUp: !signUpEnabled,
        ...(deps.demo ? { generateOTP: () => DEMO_CODE } : {}),
        // Changing the address with a code (see docs/decisions/009-change-email-with-a-code.md).
        changeEmail: { enabled: true },
        sendVerificationOTP: async ({ email, otp, type }, ctx) => {
          if (deps.demo) return;
          const lng = requestLanguage(ctx?.headers);
          const render = type === 'change-email' ? renderChangeEmailCodeEmail : renderLoginCodeEmail;
          try {
            await mailer.send(await render({ to: email, code: otp, lng, minutes: expiresIn / 60 }));
          } catch (error) {
            logger.error({ err: serializeError(error), type }, 'code e-mail not sent');
            unsent.add(email.toLowerCase());
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
