import { z } from 'zod';
import { appConfig } from '~/app.config';
import { cleanName } from '@/lib/text';

export type SessionInfo = {
  user: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    image: string | null;
    role: string | null;
    onboardedAt: string | null;
  };
  session: {
    id: string;
    impersonatedBy: string | null;
    /** The organization the user works in (the app area's tenant); null until they have one. */
    activeOrganizationId: string | null;
  };
};

export type AuthProvider = { id: 'github' | 'google' | 'oidc'; name: string; kind: 'social' | 'oidc' };

export type AuthConfig = {
  signUpEnabled: boolean;
  demo: boolean;
  development: boolean;
  /** The development mail catcher's web inbox, shown in the login hint. */
  devInboxUrl: string | null;
  providers: AuthProvider[];
  /** Whether organizations have plans (Stripe set up, or the demo's showcase): the billing screens' code loads only then. */
  billing: boolean;
};

// Messages are i18n keys in the `auth` namespace; forms translate them.
export const zEmail = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'validation.email.required')
  .max(appConfig.limits.emailMax, 'validation.email.invalid')
  .pipe(z.email('validation.email.invalid'));

export const zOtp = z
  .string()
  .trim()
  .min(1, 'validation.code.required')
  .length(appConfig.auth.otpLength, 'validation.code.length')
  .regex(/^\d+$/, 'validation.code.invalid');

/**
 * A display name, cleaned before it is checked (see `cleanName`): a name made only of invisible or
 * direction characters is "required", and the stored name is the one other people see.
 */
export const zName = z
  .string()
  .overwrite(cleanName)
  .min(1, 'validation.name.required')
  .max(appConfig.limits.userNameMax, 'validation.name.invalid');

export const zVerifyForm = z.object({ otp: zOtp });
export const zOnboardingForm = z.object({ name: zName });
