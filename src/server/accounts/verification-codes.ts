import type { Pool } from '../db/pool.ts';
import { withTransaction } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { randomDigits, sha256Hex } from '../security/tokens.ts';
import type { CodeChannel, CodeSender } from './code-sender.ts';

export type CodePurpose = 'login' | 'register' | 'bind';

const CODE_TTL_MS = 5 * 60 * 1000;
const RESEND_INTERVAL_S = 60;
const MAX_ATTEMPTS = 5;

const purposeText: Record<CodePurpose, string> = {
  login: '登录',
  register: '注册',
  bind: '绑定',
};

const codeHash = (channel: CodeChannel, target: string, code: string) =>
  sha256Hex(`${channel}:${target}:${code}`);

/**
 * Six-digit codes sent by SMS or e-mail: stored hashed, valid five minutes, one send per target
 * per minute, five tries; a newer code replaces the older ones.
 */
export class VerificationCodeService {
  constructor(
    private readonly pool: Pool,
    private readonly sender: CodeSender,
  ) {}

  async send(channel: CodeChannel, target: string, purpose: CodePurpose): Promise<Date> {
    const recent = await this.pool.query<{ wait: number }>(
      `SELECT ceil($3 - extract(epoch FROM now() - created_at))::int AS wait
         FROM verification_codes
        WHERE channel = $1 AND target = $2 AND created_at > now() - make_interval(secs => $3)
        ORDER BY created_at DESC LIMIT 1`,
      [channel, target, RESEND_INTERVAL_S],
    );
    const wait = recent.rows[0]?.wait;
    if (wait !== undefined) throw fail('RATE_LIMITED', `验证码发送过于频繁，请 ${wait} 秒后再试`);

    const code = randomDigits(6);
    const expiresAt = new Date(Date.now() + CODE_TTL_MS);
    await withTransaction(this.pool, async (client) => {
      await client.query(
        `UPDATE verification_codes SET consumed_at = now()
          WHERE channel = $1 AND target = $2 AND purpose = $3 AND consumed_at IS NULL`,
        [channel, target, purpose],
      );
      await client.query(
        `INSERT INTO verification_codes (channel, target, purpose, code_hash, expires_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [channel, target, purpose, codeHash(channel, target, code), expiresAt],
      );
    });
    await this.sender.send(
      channel,
      target,
      `【信奥训练营】您的${purposeText[purpose]}验证码是 ${code}，5 分钟内有效。如非本人操作请忽略。`,
    );
    return expiresAt;
  }

  /** Uses the current code for `target`; a wrong code costs one of the five tries. */
  async verify(channel: CodeChannel, target: string, purpose: CodePurpose, code: string) {
    const ok = await withTransaction(this.pool, async (client) => {
      const current = await client.query<{ id: number; code_hash: string; attempts: number }>(
        `SELECT id, code_hash, attempts FROM verification_codes
          WHERE channel = $1 AND target = $2 AND purpose = $3
            AND consumed_at IS NULL AND expires_at > now()
          ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
        [channel, target, purpose],
      );
      const row = current.rows[0];
      if (!row || row.attempts >= MAX_ATTEMPTS) return false;
      if (row.code_hash !== codeHash(channel, target, code)) {
        await client.query('UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1', [
          row.id,
        ]);
        return false;
      }
      await client.query('UPDATE verification_codes SET consumed_at = now() WHERE id = $1', [
        row.id,
      ]);
      return true;
    });
    if (!ok) throw fail('CODE_INVALID');
  }
}
