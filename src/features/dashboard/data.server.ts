import '@tanstack/react-start/server-only';
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { organization, repository, session, user } from '@/server/db/schema/index';
import { type DashboardFigures, SIGNUP_DAYS, type SignupDay } from './schema';

/**
 * Every figure of the dashboard in one round trip, measured against `now`. Days are UTC calendar days:
 * the server renders the first paint and knows no visitor's time zone, and a day then means the same
 * thing to every manager.
 */
export async function getDashboardFigures(now = new Date(), db?: Database): Promise<DashboardFigures> {
  const executor = db ?? (await getDb());
  const at = sql`${now.toISOString()}::timestamptz`;
  const today = sql`(${at} at time zone 'UTC')::date`;
  const firstDay = sql`(${today} - ${sql.raw(String(SIGNUP_DAYS - 1))})`;
  const [row] = await executor
    .select({
      totalUsers: sql<number>`(select count(*)::int from ${user})`,
      newUsers: sql<number>`(select count(*)::int from ${user}
        where ${user.createdAt} > ${at} - interval '7 days' and ${user.createdAt} <= ${at})`,
      activeUsers: sql<number>`(select count(distinct ${session.userId})::int from ${session}
        where ${session.updatedAt} > ${at} - interval '24 hours' and ${session.updatedAt} <= ${at}
          and ${session.impersonatedBy} is null)`,
      bannedUsers: sql<number>`(select count(*)::int from ${user}
        where ${user.banned} and (${user.banExpires} is null or ${user.banExpires} > ${at}))`,
      repositories: sql<number>`(select count(*)::int from ${repository})`,
      organizations: sql<number>`(select count(*)::int from ${organization})`,
      // generate_series gives every day, so a day without sign-ups is present with 0.
      signups: sql<SignupDay[]>`(
        select json_agg(json_build_object('date', to_char(day.d, 'YYYY-MM-DD'), 'count', coalesce(per_day.n, 0))
                        order by day.d)
        from generate_series(${firstDay}, ${today}, interval '1 day') as day(d)
        left join (
          select (${user.createdAt} at time zone 'UTC')::date as d, count(*)::int as n
          from ${user}
          where ${user.createdAt} >= (${firstDay})::timestamp at time zone 'UTC' and ${user.createdAt} <= ${at}
          group by 1
        ) as per_day on per_day.d = day.d::date)`,
    })
    .from(sql`(select 1) as one`);
  if (!row) throw new Error('The dashboard query returned no row');
  return { ...row, signups: row.signups.map((day) => ({ date: day.date, count: Number(day.count) })) };
}
