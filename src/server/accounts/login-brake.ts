import type { Pool } from 'pg';
import type { LoginUser } from './users.ts';

/**
 * The per-account login brake (docs/protocol.md "Login brake"): after LOGIN_BRAKE.attempts
 * password logins to one account that did not succeed within LOGIN_BRAKE.windowMinutes, each
 * further try needs an image captcha until one succeeds. The owner is never locked out (a
 * captcha is a few seconds' work), while guessing costs a solved captcha per password, whatever
 * the number of addresses. Unknown usernames are braked alike, so the brake says nothing about
 * which accounts exist.
 */
export const LOGIN_BRAKE = { attempts: 5, windowMinutes: 15 } as const;

/** The account a login names: its user when one exists, else the name as typed. */
export const brakeKey = (typed: string, user: LoginUser | null): string =>
  user ? `user:${user.id}` : `name:${typed.trim().toLowerCase()}`;

/**
 * Records this try before the password is checked, then counts the window's tries including
 * it: concurrent guesses each see the others, so a burst cannot slip past the brake.
 * True when this try needs a captcha.
 */
export async function recordLoginAttempt(pool: Pool, key: string): Promise<boolean> {
  await pool.query('INSERT INTO login_attempts (account_key) VALUES ($1)', [key]);
  return (await attemptsInWindow(pool, key)) > LOGIN_BRAKE.attempts;
}

async function attemptsInWindow(pool: Pool, key: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM login_attempts
      WHERE account_key = $1 AND attempted_at > now() - make_interval(mins => $2)`,
    [key, LOGIN_BRAKE.windowMinutes],
  );
  return rows[0]!.n;
}

/** A success releases the brake: the owner starts afresh. */
export async function clearLoginAttempts(pool: Pool, key: string): Promise<void> {
  await pool.query('DELETE FROM login_attempts WHERE account_key = $1', [key]);
}

/** Whether the account's next try will need a captcha (said with a wrong password). */
export async function brakeEngaged(pool: Pool, key: string): Promise<boolean> {
  return (await attemptsInWindow(pool, key)) >= LOGIN_BRAKE.attempts;
}

export async function pruneLoginAttempts(pool: Pool): Promise<void> {
  await pool.query(
    `DELETE FROM login_attempts WHERE attempted_at < now() - make_interval(mins => $1)`,
    [LOGIN_BRAKE.windowMinutes],
  );
}
