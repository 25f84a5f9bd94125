import '@tanstack/react-start/server-only';
// The mails of the code routes: the per-address limit counted in the one place a code is mailed, the
// answer for an address better-auth mailed nothing to, the notice to an address that was changed, and
// the notice of a sign-in from a browser new to the account.
// docs/decisions/016-auth-routes-and-codes.md explains the design.
import { APIError } from 'better-auth/api';
import { appConfig } from '~/app.config';
import { describeUserAgent } from '@/lib/user-agent';
import {
  renderChangeEmailCodeEmail,
  renderEmailChangedEmail,
  renderNewSignInEmail,
} from '@/server/email/account-emails';
import { renderLoginCodeEmail } from '@/server/email/login-code';
import type { Mailer, Outbox } from '@/server/email/mailer';
import { languageOfRequest } from '@/server/i18n/request-language';
import { logger, serializeError } from '@/server/logger';
import { recordRateLimitRefusal } from '@/server/metrics';
import { type CodeRequests, storeDecoyCode } from './codes';
import type { AuthHookContext } from './hooks';
import type { QuotaStore } from './quota-store';

const emailNotSent = () =>
  new APIError('SERVICE_UNAVAILABLE', { code: 'EMAIL_NOT_SENT', message: 'Email not sent' });

export function createCodeMail(options: {
  mailer: Mailer;
  /** The notices (address changed, new sign-in), sent later from the job queue. */
  outbox: Outbox;
  demo: boolean;
  codes: CodeRequests;
  quotaStore: QuotaStore;
  /** Codes sent to one address, whoever asks, per window (anti mail-bombing). */
  perAddress: { window: number; max: number };
  /** A code's lifetime, in seconds. */
  expiresIn: number;
  /** The app's public URL (`BETTER_AUTH_URL`): the new-sign-in notice links to its sessions list. */
  baseURL: string;
}) {
  const { mailer, outbox, demo, codes, quotaStore, perAddress, expiresIn } = options;
  const sessionsURL = new URL('/app/account', options.baseURL).toString();

  /**
   * Counts one code mailed to `email` (whoever asks, for what) against its hourly limit; the refusal when
   * the limit is reached. A demo mails nothing, and every visitor signs in to the same few accounts, so it
   * has no such limit (per-IP limits remain).
   */
  const limitMail = async (email: string): Promise<APIError | undefined> => {
    if (demo) return undefined;
    const quota = await quotaStore.consume(codes.sendQuotaKey(email), perAddress);
    if (quota.allowed) return undefined;
    recordRateLimitRefusal('code-mail');
    return new APIError(
      'TOO_MANY_REQUESTS',
      { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' },
      { 'X-Retry-After': String(quota.retryAfter ?? perAddress.window) },
    );
  };

  return {
    /**
     * emailOTP's `sendVerificationOTP`, the one place a code is mailed, for every kind of code: the
     * per-address limit is counted here, so no route can get round it. better-auth swallows what this
     * throws, so a refusal is left on the request for `finishCodeRequest` to answer with.
     */
    async send(
      { email, otp, type }: { email: string; otp: string; type: string },
      ctx: { headers?: Headers } | undefined,
    ): Promise<void> {
      const request = codes.current();
      if (request) request.mailAttempted = true;
      const refusal = await limitMail(email.toLowerCase());
      if (refusal) {
        if (request) request.failure = refusal;
        return;
      }
      if (demo) return;
      const lng = languageOfRequest(ctx?.headers);
      const render = type === 'change-email' ? renderChangeEmailCodeEmail : renderLoginCodeEmail;
      try {
        await mailer.send(await render({ to: email, code: otp, lng, minutes: expiresIn / 60 }));
      } catch (error) {
        logger.error({ err: serializeError(error), type }, 'code e-mail not sent');
        if (request) request.failure = emailNotSent();
      }
    },

    /**
     * The end of a request that asked for a code to `email`, stored under `identifier`. When the mailer
     * refused it (limit, SMTP), the unsent code goes and the caller hears why. When better-auth mailed
     * nothing at all (an address without an account while sign-up is off, a new address that already has
     * an account), the request still counts against the limit, still needs a mail server that answers,
     * and leaves a code nobody knows that can be tried, run out of tries and expire like a real one: the
     * answer is the same whoever the address belongs to.
     */
    async finishCodeRequest(ctx: AuthHookContext, identifier: string, email: string): Promise<void> {
      const request = codes.current();
      if (!request || ctx.context.returned instanceof APIError) return;
      if (request.mailAttempted) {
        if (!request.failure) return;
        await ctx.context.internalAdapter.deleteVerificationByIdentifier(identifier);
        throw request.failure;
      }
      const refusal = await limitMail(email);
      if (refusal) throw refusal;
      if (!demo && !(await mailer.reachable())) throw emailNotSent();
      await storeDecoyCode(ctx.context, { identifier, expiresIn, length: appConfig.auth.otpLength });
    },

    /** After a successful change of address to `newEmail`, the previous address hears of it (best effort). */
    async notifyPreviousAddress(ctx: AuthHookContext, newEmail: string): Promise<void> {
      const previous = ctx.context.session?.user.email;
      if (ctx.context.returned instanceof APIError || !previous || demo) return;
      try {
        const mail = await renderEmailChangedEmail({
          to: previous,
          newEmail,
          lng: languageOfRequest(ctx.headers),
        });
        await outbox.send({ ...mail, kind: 'email-changed' });
      } catch (error) {
        // The address has changed already; a notice that could not be queued must not turn that into an error.
        logger.warn({ err: serializeError(error) }, 'e-mail change notice not queued');
      }
    },

    /**
     * After a sign-in (a code, a passkey, a provider): when the browser had not signed in to this account
     * before, the owner hears when, from which browser and system and from which address, unless they
     * turned it off. None for a sign-up (the account's first sign-in), in a demo, or for an impersonation.
     * The mail goes out after the answer is decided and never turns the sign-in into an error.
     */
    notifyNewSignIn(ctx: AuthHookContext): void {
      const request = codes.current();
      const signedIn = ctx.context.newSession;
      if (demo || !request || request.signedUp || !signedIn || signedIn.session.impersonatedBy) return;
      const { user, session } = signedIn;
      if (user.signInAlerts === false || codes.wasKnown(user.email)) return;
      const { browser, os } = describeUserAgent(session.userAgent);
      const lng = languageOfRequest(ctx.headers);
      void renderNewSignInEmail({
        to: user.email,
        lng,
        at: new Date(session.createdAt),
        browser,
        os,
        ipAddress: session.ipAddress ?? null,
        url: sessionsURL,
      })
        .then((mail) => outbox.send({ ...mail, kind: 'new-sign-in' }))
        .catch((error: unknown) => {
          logger.warn({ err: serializeError(error), userId: user.id }, 'new sign-in notice not queued');
        });
    },
  };
}
