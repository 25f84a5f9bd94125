/** Sign-ups on one calendar day (UTC), as `YYYY-MM-DD`. */
export type SignupDay = { date: string; count: number };

/** The manager dashboard's figures, all taken at the same instant. */
export type DashboardFigures = {
  totalUsers: number;
  /** Accounts created in the last 7 days. */
  newUsers: number;
  /** Distinct users with a session (not an impersonation) used in the last 24 hours. */
  activeUsers: number;
  /** Users whose ban is in force: banned and without an expiry, or expiring later. */
  bannedUsers: number;
  repositories: number;
  /** Every organization of the platform. */
  organizations: number;
  /** One entry per UTC day, oldest first, ending today; days without sign-ups count 0. */
  signups: SignupDay[];
  /**
   * Which whole-table totals are Postgres' estimate rather than an exact count (large tables only; see
   * `appConfig.dashboard.estimateAbove`). The windowed figures are always exact.
   */
  estimated: Record<EstimableFigure, boolean>;
};

/** The figures that may be estimates: totals of a whole table. */
export type EstimableFigure = 'totalUsers' | 'repositories' | 'organizations';

/** How many days the sign-up chart covers, today included. */
export const SIGNUP_DAYS = 30;
