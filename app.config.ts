/**
 * Product settings in one typed place. Everything here ships to the browser, so it holds no secrets;
 * secrets and per-deployment values come from the environment (see `.env.example`).
 */
export const appConfig = {
  name: 'Starter',
  description: 'Passwordless sign-in, repositories and an admin area.',
  languages: ['en', 'fr', 'ar', 'sw'] as const,
  defaultLanguage: 'en',
  rtlLanguages: ['ar'] as const,
  /** Font scale applied to right-to-left languages (Arabic script reads better larger). */
  rtlFontScale: 1.2,
  /** Native names shown in the language picker; never translated. */
  languageNames: { en: 'English', fr: 'Français', ar: 'العربية', sw: 'Kiswahili' },
  i18n: {
    /** The app's own namespaces; each entity's (src/entities.ts) is loaded with them. */
    namespaces: ['common', 'auth', 'account', 'dashboard', 'savedView'] as const,
    defaultNamespace: 'common',
    cookieName: 'i18next',
    cookieMinutes: 43_200,
    maxRetries: 5,
    retryTimeoutMs: 350,
    maxParallelReads: 10,
  },
  theme: { storageKey: 'theme', options: ['system', 'light', 'dark'] as const },
  auth: {
    otpLength: 6,
    /** Code lifetime in minutes; kept at or below 10 by the auth setup. */
    otpExpiryMinutes: 5,
    otpMaxAttempts: 3,
    /** The fixed code of demo mode, where no e-mail is sent (the login screen says so). */
    demoCode: '000000',
    /** Absolute session lifetime; activity slides the expiry but never past this. */
    sessionMaxAgeDays: 30,
    impersonationMaxMinutes: 60,
    /**
     * Deleting the account, changing its address, removing a passkey and an admin's ban, impersonation, role
     * change or deletion need a sign-in at most this old; otherwise a fresh code (or passkey) is asked for.
     */
    recentSignInMinutes: 10,
  },
  pagination: {
    pageSize: 20,
    maxPageSize: 100,
    /**
     * Lists count matching rows up to this many and then say "1,000+": an exact count of a million rows
     * costs 60–230 ms on every page, a capped one stays under a millisecond (bench/scale.ts).
     */
    totalCap: 1000,
    /**
     * A text search counts up to this many ("100+ results"): a common 3-letter term has to be tested
     * against ~40 rows per match, so counting to 1,000 scanned ~40,000 rows (16–20 ms at a million).
     */
    searchTotalCap: 100,
  },
  dashboard: {
    /**
     * A whole-table total (users, repositories, organizations) above this many rows is Postgres' own
     * estimate (the planner's row count scaled to the table's current size), marked "≈" on the
     * dashboard: an exact count(*) must read every row, ~170 ms for a million repositories, while the
     * estimate costs a catalogue lookup. At or below it, and before the table was ever analysed, the
     * count is exact. `Infinity` always counts exactly; 0 estimates any analysed table (ADR 027).
     */
    estimateAbove: 100_000,
  },
  audit: {
    /** Entries older than this many days are deleted once a day (env `AUDIT_RETENTION_DAYS` overrides it). */
    retentionDays: 365,
    /**
     * Rows deleted per statement: each batch is its own short transaction, so purging a year of a busy log
     * never holds one huge transaction (or its locks and WAL) on a million-row table.
     */
    purgeBatchSize: 5000,
  },
  jobs: {
    /**
     * At shutdown, after the requests have drained: how long running jobs (a mail being sent) may finish
     * before they are left to be retried by another instance or the next start.
     */
    shutdownSeconds: 10,
  },
  apiKeys: {
    /** What every key starts with, so a leaked one is recognised (secret scanners, logs). */
    prefix: 'sk_',
    /** Characters of the key kept in clear (its prefix included) to tell keys apart in the list. */
    visibleCharacters: 10,
    /** Keys one organization may hold. */
    maxPerOrganization: 25,
    nameMaxLength: 64,
    /** The expiries offered when a key is created, in days; none (never) is offered too. */
    expiryDays: [30, 90, 365] as const,
    /** Each key's own limit on calls to the public API (standard `RateLimit` headers on every answer). */
    rateLimit: { windowSeconds: 60, max: 120 },
  },
  webhooks: {
    /** Endpoints one organization may register. */
    maxPerOrganization: 10,
    urlMaxLength: 2048,
    /** Each try's bound (connection, request and answer), and the redirects followed. */
    timeoutSeconds: 5,
    /** Failed tries in a row (any event) after which the endpoint is turned off and its owners told. */
    disableAfterFailures: 20,
    /** Deliveries the organization screen shows per endpoint, newest first. */
    logSize: 20,
  },
  billing: {
    /**
     * The plans, cheapest first. Billing is on once STRIPE_SECRET_KEY is set (README, "Billing"); each paid
     * plan's prices are Stripe price ids in STRIPE_PRICES, and the amounts here are what the screen shows
     * (keep them as Stripe charges them). A per-seat plan is charged per member: its quantity follows the
     * member count. A limit left out is no limit; `members` and any tenant-owned entity's plural
     * (src/entities.ts) may be limited, and `pnpm scaffold:entity` makes its create paths check it.
     */
    plans: [
      { id: 'free', limits: { members: 3, repositories: 5 } },
      {
        id: 'pro',
        price: { month: 1200, year: 12_000 },
        perSeat: true,
        limits: { members: 25, repositories: 100 },
      },
      { id: 'business', price: { month: 9900, year: 99_000 }, perSeat: false, limits: { members: 100 } },
    ],
    /** Prices' currency (ISO 4217), as the Stripe prices are set up. */
    currency: 'usd',
    /**
     * Days an organization whose payment failed keeps working as usual; after them it is read-only (it can
     * still read everything, and its owners can pay) until a payment succeeds.
     */
    graceDays: 7,
  },
  breakpoints: { dialog: 640, mobile: 768 },
  organizations: {
    /** Organizations one user may own (create); joining others by invitation is not counted. */
    maxOwnedPerUser: 5,
    /** Members of one organization, pending invitations not counted. */
    maxMembers: 100,
    maxTeams: 20,
    /** How long an invitation can be accepted. */
    invitationHours: 48,
    /**
     * Invitation mails one address receives an hour, from every organization together (invites, resends,
     * invites after a cancel): anyone can create an organization, so this is what stops mail bombing.
     */
    invitationMailsPerHour: 3,
    /** Organizations the manager's "New repository" offers, by name (a native select). */
    choicesMax: 1000,
  },
  limits: {
    organizationNameMax: 80,
    organizationSlugMax: 48,
    repositoryNameMax: 100,
    repositoryLinkMin: 4,
    repositoryLinkMax: 2048,
    repositoryDescriptionMax: 2000,
    userNameMax: 100,
    emailMax: 254,
    searchTermMax: 100,
    banReasonMax: 500,
    savedViewNameMax: 60,
    /** Saved list views one admin may keep (every list together): the sidebar stays a sidebar. */
    savedViewsPerUser: 50,
    // New entities' limits: pnpm scaffold:entity adds them above this line.
  },
  errorBoundaryRetryDelayMs: 600,
  /** While the server reports an outage, the error page retries after 1 s, 2 s, 4 s… at most every 10 s. */
  outageRetry: { firstDelayMs: 1000, maxDelayMs: 10_000 },
  toast: {
    durationMs: 4000,
    visibleToasts: 3,
    position: 'top-right' as const,
    /** Toasts start below the header band, where pages keep their actions (ADR 021); phones stack it deeper. */
    offsetTop: '8rem',
    phoneOffsetTop: '13rem',
  },
  demo: {
    scaffoldCommand: 'pnpm dlx degit your-org/starter my-app',
    readmeUrl: 'https://github.com/your-org/starter#readme',
    makers: 'The Starter team',
    contactEmail: 'hello@example.com',
  },
  seed: {
    // A reserved domain (RFC 2606): nobody can receive these accounts' sign-in codes on a real deployment
    // (admin.com and user.com are real domains whose owners could). `pnpm db:seed` needs --force in production.
    adminEmail: 'admin@example.com',
    userEmail: 'user@example.com',
    generatedUsers: 98,
  },
} as const;

export type AppLanguage = (typeof appConfig.languages)[number];
