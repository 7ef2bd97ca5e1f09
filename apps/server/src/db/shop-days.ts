import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/*
 * The shop's days, as PostgreSQL reckons them: midnight to midnight in SHOP_TIMEZONE (an IANA name, which
 * AT TIME ZONE takes as a parameter). Every query that filters or groups by day goes through these two, so
 * the sales history, the audit trail, the dashboard and the opinions agree on where a day ends.
 */

/**
 * The instant a calendar day ('2026-11-21') starts in `timeZone`, or the day `after` days later: compared
 * with a timestamp column, it lets that column's index serve the range.
 */
export function startOfDay(day: string, timeZone: string, after = 0): SQL {
  return sql`((${day}::date + ${after}::int)::timestamp AT TIME ZONE ${timeZone})`;
}

/** The calendar day ('YYYY-MM-DD') an instant falls on in `timeZone`. */
export function dayOf(instant: SQLWrapper, timeZone: string): SQL<string> {
  return sql<string>`to_char(${instant} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;
}
