// A real OpenID Connect provider on loopback (the `oidc-provider` package) for social sign-in tests.
// Its built-in development screens accept any login name, which becomes the account's e-mail address.
import Provider from 'oidc-provider';

export type OidcServer = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close: () => Promise<void>;
};

export async function startOidcServer(options: {
  port: number;
  redirectUris: string[];
}): Promise<OidcServer> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const clientId = 'starter-e2e';
  const clientSecret = 'starter-e2e-secret-0123456789abcdef';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        email: id.toLowerCase(),
        email_verified: true,
        name: id.split('@')[0]?.replace(/[._-]/g, ' ') ?? id,
      }),
    }),
    features: { devInteractions: { enabled: true } },
    // Loopback http is fine for a test issuer.
    pkce: { required: () => false },
  });
  // The dev screens need a proxy-free, http issuer; silence its warnings about development use.
  provider.on('server_error', (_ctx, error) => console.error('[oidc]', error));
  const server = provider.listen(options.port, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
