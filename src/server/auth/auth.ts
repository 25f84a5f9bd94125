import '@tanstack/react-start/server-only';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { admin, emailOTP, lastLoginMethod } from 'better-auth/plugins';
import { tanstackStartCookies } from 'better-auth/tanstack-start';
import { appConfig } from '~/app.config';
import {
  afterChangeEmail,
  auditLinkedProvider,
  cleanStoredUser,
  parseChangeEmailBody,
  parseNewEmail,
  refuseLastAdminDeletion,
  DELETE_USER_PATH,
  UNLINK_ACCOUNT_PATH,
  unlinkProviderRule,
  UPDATE_USER_PATH,
  validateUpdateUserBody,
} from '@/features/account/rules.server';
import { auditRefusedCode, auditSignIn, auditSignOut } from '@/features/auth/audit.server';
import { ac, defaultRole, roles } from '@/features/auth/permissions';
import {
  explainBan,
  parseSendCodeBody,
  parseSignInBody,
  replacePreviousSession,
  requireRecentSignIn,
  signInMethodOf,
} from '@/features/auth/rules.server';
import { organizationAudit } from '@/features/organization/audit.server';
import {
  CREATE_ORGANIZATION_PATH,
  CREATE_TEAM_PATH,
  endSubscriptionsLeftBy,
  INVITE_MEMBER_PATH,
  organizationPlugin,
  parseCreateOrganizationBody,
  parseCreateTeamBody,
  parseUpdateOrganizationBody,
  parseUpdateTeamBody,
  refuseForeignActiveOrganization,
  refuseInvitationFlood,
  refuseInvitationOverPlan,
  refuseSoleOwnerDeletion,
  startInFirstOrganization,
  UPDATE_ORGANIZATION_PATH,
  UPDATE_TEAM_PATH,
  withoutActiveTeam,
} from '@/features/organization/rules.server';
import { apiKeyPlugin } from '@/features/api-key/plugin.server';
import { passkeyPlugin, passkeyRouteRules } from '@/features/passkey/rules.server';
import { adminRule } from '@/features/user/rules.server';
import type { Database } from '@/server/db/client';
import {
  account,
  apikey,
  invitation,
  member,
  organization as organizationTable,
  passkey,
  rateLimit,
  session,
  team,
  teamMember,
  user,
  verification,
} from '@/server/db/schema/index';
import type { Mailer, Outbox } from '@/server/email/mailer';
import type { ServerEnv } from '@/server/env';
import { logger, serializeError } from '@/server/logger';
import { recordRateLimitRefusal } from '@/server/metrics';
import { refuseBannedSessions } from './banned-sessions';
import { parseEmailField } from './body-fields';
import { createCodeMail } from './code-mail';
import {
  CALLBACK_PATH,
  CHANGE_EMAIL_PATH,
  type CodeFloors,
  type CodeRequests,
  createCodeRequests,
  defaultCodeFloors,
  PASSKEY_SIGN_IN_PATH,
  REQUEST_EMAIL_CHANGE_PATH,
  SEND_CODE_PATH,
  SIGN_IN_PATH,
  SIGN_OUT_PATH,
} from './codes';
import { type AuthHookContext, hookClientIp, type RouteRule, withBody } from './hooks';
import {
  auditImpersonatedChange,
  clampSessionExpiry,
  guardImpersonation,
  impersonationAnswer,
} from './impersonation';
import { oidcPlugins, socialProviders } from './providers';
import { postgresQuotaStore, type QuotaStore } from './quota-store';
import { guardAuthRoutes } from './routes';
import { AUTH_ROUTES } from '@/server/policy/auth-routes';

/** Limits chosen for sign-in; see docs/decisions/005-sign-in.md for why these numbers. */
export type AuthLimits = {
  /** better-auth's per-IP, per-path limit for every auth route. */
  perIp: { window: number; max: number };
  /** Per-IP limit on asking for a code and on trying one. */
  codes: { window: number; max: number };
  /** Per-IP limit on anonymous passkey challenges: each stores a row until it expires. */
  passkeyOptions: { window: number; max: number };
  /** Codes sent to one address, whoever asks, per window (anti mail-bombing). */
  perAddress: { window: number; max: number };
};

export const defaultAuthLimits: AuthLimits = {
  perIp: { window: 60, max: 100 },
  codes: { window: 60, max: 10 },
  passkeyOptions: { window: 60, max: 20 },
  perAddress: { window: 3600, max: 5 },
};

export type AuthDeps = {
  db: Database;
  env: ServerEnv;
  /** The sign-in and step-up codes, sent at once: the person is waiting for them. */
  mailer: Mailer;
  /** Every other mail, sent later from the job queue. */
  outbox: Outbox;
  baseURL: string;
  signUpEnabled: boolean;
  demo: boolean;
  limits?: AuthLimits;
  /** Where rate-limit counters live; the database unless Redis is configured. */
  quotaStore?: QuotaStore;
  /** Shortest answers of the code routes; tests that do not measure them pass zeros. */
  codeFloors?: CodeFloors;
};

const DEMO_CODE = appConfig.auth.demoCode;
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

/**
 * The route → rule table: what each route the product serves checks before better-auth runs and does
 * after. The rules live in the features (each feature's rules.server.ts); the code routes' mail handling is
 * `createCodeMail`'s.
 */
function routeRules(
  deps: AuthDeps,
  codes: CodeRequests,
  mail: ReturnType<typeof createCodeMail>,
  quotaStore: QuotaStore,
) {
  // After any sign-in: the browser is remembered for the address (codes.ts), the owner hears of it when
  // the browser had not signed in to the account before, and the audit log records it.
  const afterSignIn = async (ctx: AuthHookContext) => {
    const request = codes.current();
    const signedIn = ctx.context.newSession;
    if (!request || !signedIn) return;
    mail.notifyNewSignIn(ctx);
    const email = signedIn.user.email.toLowerCase();
    const facts = { newBrowser: !codes.wasKnown(email), signUp: request.signedUp };
    request.signedInAs = email;
    await auditSignIn(ctx, facts, deps.db);
  };
  const passkeyRules = passkeyRouteRules(deps.db);
  const rules: Record<string, RouteRule> = {
    [UPDATE_USER_PATH]: { before: (ctx) => withBody(validateUpdateUserBody(ctx.body)) },
    [SEND_CODE_PATH]: {
      before: (ctx) => withBody(parseSendCodeBody(ctx.body)),
      after: (ctx) => {
        const email = parseEmailField(ctx.body, 'email');
        return mail.finishCodeRequest(ctx, `sign-in-otp-${email}`, email);
      },
    },
    [SIGN_IN_PATH]: {
      before: (ctx) => withBody(parseSignInBody(ctx.body)),
      after: async (ctx) => {
        await auditRefusedCode(ctx, { db: deps.db, quotaStore });
        await explainBan(ctx);
        await replacePreviousSession(ctx);
        if (!(ctx.context.returned instanceof Error)) await afterSignIn(ctx);
      },
    },
    [SIGN_OUT_PATH]: { before: (ctx) => auditSignOut(ctx, deps.db) },
    [UNLINK_ACCOUNT_PATH]: unlinkProviderRule(deps.db),
    [REQUEST_EMAIL_CHANGE_PATH]: {
      before: (ctx) => withBody(parseChangeEmailBody(ctx.body, false)),
      after: (ctx) => {
        const newEmail = parseNewEmail(ctx.body);
        const userId = ctx.context.session?.user.id;
        return userId
          ? mail.finishCodeRequest(ctx, `change-email-otp-${userId}:${newEmail}`, newEmail)
          : undefined;
      },
    },
    [CHANGE_EMAIL_PATH]: {
      before: (ctx) => withBody(parseChangeEmailBody(ctx.body, true)),
      after: (ctx) =>
        afterChangeEmail(ctx, (done) => mail.notifyPreviousAddress(done, parseNewEmail(done.body))),
    },
    [CREATE_ORGANIZATION_PATH]: { before: (ctx) => withBody(parseCreateOrganizationBody(ctx.body)) },
    [INVITE_MEMBER_PATH]: {
      before: async (ctx) => {
        await refuseInvitationOverPlan(deps.db)(ctx);
        await refuseInvitationFlood(quotaStore)(ctx);
      },
    },
    [UPDATE_ORGANIZATION_PATH]: { before: (ctx) => withBody(parseUpdateOrganizationBody(ctx.body)) },
    [CREATE_TEAM_PATH]: { before: (ctx) => withBody(parseCreateTeamBody(ctx.body)) },
    [UPDATE_TEAM_PATH]: { before: (ctx) => withBody(parseUpdateTeamBody(ctx.body)) },
    ...passkeyRules,
    [PASSKEY_SIGN_IN_PATH]: {
      ...passkeyRules[PASSKEY_SIGN_IN_PATH],
      after: async (ctx) => {
        await passkeyRules[PASSKEY_SIGN_IN_PATH]?.after?.(ctx);
        await replacePreviousSession(ctx);
        await afterSignIn(ctx);
      },
    },
    // A provider's return leg answers with a redirect (an APIError to better-auth) whether or not it
    // signed anyone in: the new session says it did.
    [CALLBACK_PATH]: { after: afterSignIn },
  };
  // Deleting an account leaves no organization without an owner, whether its user or an admin deletes it.
  const soleOwner = (userId: string | undefined) => refuseSoleOwnerDeletion(deps.db, userId);
  rules[DELETE_USER_PATH] = { before: async (ctx) => soleOwner((await getSessionFromCtx(ctx))?.user.id) };
  const admin = adminRule(deps.db, deps.env.ADMIN_USER_IDS, {
    beforeRemoveUser: async (userId) => {
      await soleOwner(userId);
      await endSubscriptionsLeftBy(deps.db, userId);
    },
  });
  return (path: string): RouteRule | undefined => (path.startsWith('/admin/') ? admin : rules[path]);
}

function buildAuth(deps: AuthDeps, codes: CodeRequests) {
  const { db, env } = deps;
  const limits = deps.limits ?? defaultAuthLimits;
  const quotaStore = deps.quotaStore ?? postgresQuotaStore(db);
  const signUpEnabled = deps.signUpEnabled && !deps.demo;
  const expiresIn = Math.min(appConfig.auth.otpExpiryMinutes, 10) * 60;
  const mail = createCodeMail({ ...deps, codes, quotaStore, perAddress: limits.perAddress, expiresIn });
  const ruleFor = routeRules(deps, codes, mail, quotaStore);
  const organizationChanges = organizationAudit(db);
  const organizationSwitch = refuseForeignActiveOrganization(db);
  const inFirstOrganization = startInFirstOrganization(db);

  return betterAuth({
    appName: appConfig.name,
    baseURL: deps.baseURL,
    secret: env.BETTER_AUTH_SECRET,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user,
        session,
        account,
        verification,
        rateLimit,
        organization: organizationTable,
        member,
        invitation,
        team,
        teamMember,
        passkey,
        apikey,
      },
    }),
    emailAndPassword: { enabled: false },
    verification: { storeIdentifier: codes.identifierStorage },
    user: {
      additionalFields: {
        onboardedAt: { type: 'date', required: false, input: false },
        // Changed only through $setSignInAlerts (features/account/functions.ts).
        signInAlerts: { type: 'boolean', required: false, defaultValue: true, input: false },
      },
      // No password to re-enter: a session signed in within `auth.recentSignInMinutes` is required
      // (`requireRecentSignIn`; better-auth's own `freshAge` check agrees).
      deleteUser: {
        enabled: true,
        beforeDelete: async (target) => {
          await refuseLastAdminDeletion(db, target, env.ADMIN_USER_IDS);
          // Last, right before the delete: the subscriptions of organizations only this user belonged to.
          await endSubscriptionsLeftBy(db, target.id);
        },
      },
    },
    // Sliding: each day of use pushes expiry a week out, never past the absolute maximum (the hook below).
    session: {
      expiresIn: 7 * 24 * 3600,
      updateAge: 24 * 3600,
      additionalFields: { signInMethod: { type: 'string', required: false, input: false } },
      // What better-auth itself checks as "fresh" (adding a passkey) is the product's recent sign-in.
      freshAge: appConfig.auth.recentSignInMinutes * 60,
    },
    databaseHooks: {
      // Every way a name reaches the user table (a provider's profile too) stores it cleaned and bounded.
      user: {
        create: {
          before: async (data) => cleanStoredUser(data),
          // A sign-in that creates its account is a sign-up: no new-sign-in notice (code-mail.ts).
          after: async () => {
            const request = codes.current();
            if (request) request.signedUp = true;
          },
        },
        update: { before: async (data) => cleanStoredUser(data) },
      },
      // A provider linked to an existing account, audited (a sign-up's own account row is not a link).
      account: {
        create: {
          after: async (created, ctx) =>
            auditLinkedProvider(
              created,
              { signUp: codes.current()?.signedUp ?? false, ip: ctx ? hookClientIp(ctx) : null },
              db,
            ),
        },
      },
      session: {
        create: {
          before: async (data, ctx) => {
            const { data: started } = await inFirstOrganization(data);
            return { data: { ...started, signInMethod: signInMethodOf(ctx) } };
          },
        },
        update: {
          before: async (data, ctx) => {
            const kept = withoutActiveTeam(data);
            return clampSessionExpiry(kept, ctx?.context.session?.session) ?? { data: kept };
          },
        },
      },
    },
    rateLimit: {
      enabled: true,
      customStorage: countingRefusals(quotaStore),
      window: limits.perIp.window,
      max: limits.perIp.max,
      customRules: authRateLimitRules(limits),
    },
    advanced: {
      useSecureCookies: env.NODE_ENV === 'production',
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
        // The API-key plugin reports every refused key (unknown, revoked, expired, over its limit) as an
        // error with the refusal's stack: a caller's mistake, which the public API answers with 401 or 429.
        const refusedKey = message.startsWith('Failed to validate API key');
        logger[refusedKey ? 'info' : level]({ source: 'better-auth', ...(refusedKey ? {} : data) }, message);
      },
    },
    account: {
      // No trusted providers: an account is linked only when the provider says the e-mail is verified.
      // A provider can be unlinked even when it is the only one: a code by e-mail always signs in (no
      // account row stands for it, so better-auth would otherwise call the provider the last way in).
      accountLinking: { enabled: true, allowDifferentEmails: false, allowUnlinkingAll: true },
    },
    socialProviders: socialProviders(env, signUpEnabled),
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await guardImpersonation(ctx);
        await requireRecentSignIn(ctx);
        await organizationSwitch(ctx);
        await organizationChanges.before(ctx);
        return ruleFor(ctx.path)?.before?.(ctx);
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (impersonationAnswer(ctx) === null) return ctx.json(null);
        await auditImpersonatedChange(ctx, db);
        // Every organization change is audited (organization/audit.server.ts), whoever's rule runs next.
        await organizationChanges.after(ctx);
        return ruleFor(ctx.path)?.after?.(ctx);
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
        sendVerificationOTP: (data, ctx) => mail.send(data, ctx),
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
      organizationPlugin({ ...deps, quotaStore }),
      passkeyPlugin(deps),
      apiKeyPlugin(),
      // A readable cookie naming how this browser signed in last: /login marks that method "Last used".
      lastLoginMethod(),
      ...oidcPlugins(env, signUpEnabled),
      // Must stay last: it copies better-auth's cookies onto TanStack Start's response.
      tanstackStartCookies(),
    ],
  });
}

/** better-auth's per-route limits, as the policy table names them (`rateLimit`); the rest get `perIp`. */
function authRateLimitRules(limits: AuthLimits): Record<string, { window: number; max: number }> {
  const byName = { 'auth-codes': limits.codes, 'auth-passkey-options': limits.passkeyOptions } as const;
  const rules: Record<string, { window: number; max: number }> = {};
  for (const route of AUTH_ROUTES) {
    if (route.rateLimit === 'auth-codes' || route.rateLimit === 'auth-passkey-options') {
      rules[route.path] = byName[route.rateLimit];
    }
  }
  return rules;
}

/**
 * The store better-auth's own limiter counts in, each refusal counted in the metrics under its route's
 * limit in the policy table. better-auth's key is `<address>|<path>`.
 */
function countingRefusals(store: QuotaStore): QuotaStore {
  return {
    ...store,
    consume: async (key, rule) => {
      const answer = await store.consume(key, rule);
      if (!answer.allowed) {
        const path = key.slice(key.lastIndexOf('|') + 1);
        const limit = AUTH_ROUTES.find((route) => route.path === path)?.rateLimit;
        recordRateLimitRefusal(limit === 'auth-codes' || limit === 'auth-passkey-options' ? limit : 'auth');
      }
      return answer;
    },
  };
}

export type Auth = ReturnType<typeof buildAuth>;
