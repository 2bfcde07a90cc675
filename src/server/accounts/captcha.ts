import svgCaptcha from 'svg-captcha';
import { sha256Hex, randomTokenString } from '../security/tokens.ts';
import type { Pool } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';

/** Draws a captcha image and knows its answer. Injectable so tests can read what a person would. */
export interface CaptchaGenerator {
  generate(width: number): { text: string; svg: string };
}

const CAPTCHA_TTL_MS = 5 * 60 * 1000;
export const DEFAULT_CAPTCHA_WIDTH = 120;
const CAPTCHA_HEIGHT = 44;

/** Four characters, without the ones people confuse (0/o/O, 1/l/I). */
export const svgCaptchaGenerator: CaptchaGenerator = {
  generate(width) {
    const { text, data } = svgCaptcha.create({
      size: 4,
      width,
      height: CAPTCHA_HEIGHT,
      ignoreChars: '0oO1lIi',
      noise: 2,
      color: true,
      background: '#f5f8fa',
    });
    return { text, svg: data };
  },
};

/**
 * Development only (DEV_CAPTCHA_TEXT, refused in production): every image shows this text, so a
 * script can pass the captcha the way a person would, by knowing what the picture says.
 */
/** svg-captcha's module is itself the text-drawing function; its typings leave that out. */
const drawText = svgCaptcha as unknown as (
  text: string,
  options: svgCaptcha.ConfigObject,
) => string;

export function fixedTextCaptchaGenerator(text: string): CaptchaGenerator {
  return {
    generate(width) {
      return { text, svg: drawText(text, { width, height: CAPTCHA_HEIGHT, noise: 2 }) };
    },
  };
}

const answerHash = (captchaId: string, answer: string) =>
  sha256Hex(`${captchaId}:${answer.trim().toLowerCase()}`);

const invalid = () => fail('CAPTCHA_INVALID');

/**
 * Image captchas: the answer is stored hashed, lives five minutes and serves exactly one
 * protected action. A wrong answer burns the captcha, so guessing needs a new image each time.
 */
export class CaptchaService {
  constructor(
    private readonly pool: Pool,
    private readonly generator: CaptchaGenerator,
  ) {}

  async issue(width: number): Promise<{ captchaId: string; image: string; expiresAt: string }> {
    const { text, svg } = this.generator.generate(width);
    const captchaId = randomTokenString(18);
    const expiresAt = new Date(Date.now() + CAPTCHA_TTL_MS);
    await this.pool.query(
      'INSERT INTO captchas (id, answer_hash, expires_at) VALUES ($1, $2, $3)',
      [captchaId, answerHash(captchaId, text), expiresAt],
    );
    return {
      captchaId,
      image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** checkImageCaptcha: a right answer marks the captcha verified (still usable once). */
  async check(captchaId: string, code: string): Promise<void> {
    const row = await this.pool.query<{ answer_hash: string }>(
      `SELECT answer_hash FROM captchas
        WHERE id = $1 AND consumed_at IS NULL AND expires_at > now()`,
      [captchaId],
    );
    const stored = row.rows[0];
    if (!stored) throw invalid();
    if (stored.answer_hash !== answerHash(captchaId, code)) {
      await this.pool.query('UPDATE captchas SET consumed_at = now() WHERE id = $1', [captchaId]);
      throw invalid();
    }
    await this.pool.query(
      'UPDATE captchas SET verified_at = coalesce(verified_at, now()) WHERE id = $1',
      [captchaId],
    );
  }

  /**
   * Uses the captcha for one protected action (send a code, register). The single UPDATE claims
   * it atomically, so two concurrent requests with the same answer cannot both pass.
   */
  async consume(captchaId: string, code: string): Promise<void> {
    const claimed = await this.pool.query<{ answer_hash: string }>(
      `UPDATE captchas SET consumed_at = now()
        WHERE id = $1 AND consumed_at IS NULL AND expires_at > now()
        RETURNING answer_hash`,
      [captchaId],
    );
    const stored = claimed.rows[0];
    if (!stored || stored.answer_hash !== answerHash(captchaId, code)) throw invalid();
  }
}
