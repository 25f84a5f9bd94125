// Chromium's WebAuthn virtual authenticator over the DevTools protocol: a platform authenticator
// (fingerprint, face) that says yes at once, for passkey journeys in real Chromium.
import type { CDPSession, Page } from '@playwright/test';

export type Authenticator = { cdp: CDPSession; id: string };

/** A platform authenticator (fingerprint, face) that says yes at once, attached to `page`. */
export async function addAuthenticator(page: Page): Promise<Authenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

export async function credentialCount(authenticator: Authenticator): Promise<number> {
  const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', {
    authenticatorId: authenticator.id,
  });
  return credentials.length;
}
