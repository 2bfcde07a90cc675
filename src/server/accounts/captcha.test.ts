import { describe, expect, it } from 'vitest';
import { fixedTextCaptchaGenerator, svgCaptchaGenerator } from './captcha.ts';

describe('captcha images', () => {
  it('draw four characters a person can tell apart', () => {
    const { text, svg } = svgCaptchaGenerator.generate(120);
    expect(text).toMatch(/^[^0oO1lIi]{4}$/);
    expect(svg).toMatch(/^<svg[^>]*width="120"/);
  });

  it('show the configured text in development (DEV_CAPTCHA_TEXT)', () => {
    const { text, svg } = fixedTextCaptchaGenerator('ab12').generate(160);
    expect(text).toBe('ab12');
    expect(svg).toMatch(/^<svg[^>]*width="160"/);
  });
});
