import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED_PASSWORD, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      embeddedPgPort: 5433,
      logLevel: 'info',
      seedPassword: DEFAULT_SEED_PASSWORD,
      trustProxy: false,
      importLimitPerHour: 60,
      publicUrl: undefined,
      checkoutMinutes: 15,
      sandboxNotifyMethod: 'POST',
      paymentProvider: 'sandbox',
      passwordHashCost: 15,
      sysLogRetentionDays: 180,
    });
  });

  it('keeps the system log at least the six months the law asks for', () => {
    expect(loadConfig({ SYS_LOG_RETENTION_DAYS: '365' }).sysLogRetentionDays).toBe(365);
    expect(() => loadConfig({ SYS_LOG_RETENTION_DAYS: '90' })).toThrow(/at least 180/);
    expect(() => loadConfig({ SYS_LOG_RETENTION_DAYS: 'forever' })).toThrow(/whole number/);
  });

  it('takes a cheaper password hash outside production only, within scrypt’s sane range', () => {
    expect(loadConfig({ PASSWORD_HASH_COST: '10' }).passwordHashCost).toBe(10);
    expect(loadConfig({ PASSWORD_HASH_COST: '17', NODE_ENV: 'production' }).passwordHashCost).toBe(
      17,
    );
    expect(() => loadConfig({ PASSWORD_HASH_COST: '12', NODE_ENV: 'production' })).toThrow(
      /production/,
    );
    for (const bad of ['9', '21', '1.5', 'fast']) {
      expect(() => loadConfig({ PASSWORD_HASH_COST: bad })).toThrow(/PASSWORD_HASH_COST/);
    }
  });

  it('takes online payments through the sandbox only where asked in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).paymentProvider).toBe('none');
    expect(
      loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }).paymentProvider,
    ).toBe('sandbox');
    expect(loadConfig({ PAYMENT_PROVIDER: 'none' }).paymentProvider).toBe('none');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'wechat' })).toThrow(/PAYMENT_PROVIDER/);
    expect(loadConfig({ PUBLIC_URL: 'https://oj.example.com/' }).publicUrl).toBe(
      'https://oj.example.com',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'oj.example.com/path' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ SANDBOX_PAY_NOTIFY_METHOD: 'get' }).sandboxNotifyMethod).toBe('GET');
    expect(() => loadConfig({ SANDBOX_PAY_NOTIFY_METHOD: 'PUT' })).toThrow(/SANDBOX/);
  });

  it('takes a fixed captcha text for scripts in development, never in production', () => {
    expect(loadConfig({ DEV_CAPTCHA_TEXT: 'abcd' }).devCaptchaText).toBe('abcd');
    expect(() => loadConfig({ DEV_CAPTCHA_TEXT: 'abcd', NODE_ENV: 'production' })).toThrow(
      /production/,
    );
    expect(() => loadConfig({ DEV_CAPTCHA_TEXT: 'a b' })).toThrow(/DEV_CAPTCHA_TEXT/);
  });

  it('reads the per-account import limit as a whole number ≥ 1', () => {
    expect(loadConfig({ IMPORT_LIMIT_PER_HOUR: '500' }).importLimitPerHour).toBe(500);
    for (const bad of ['0', '-1', '1.5', '1e3', 'many']) {
      expect(() => loadConfig({ IMPORT_LIMIT_PER_HOUR: bad })).toThrow(/IMPORT_LIMIT_PER_HOUR/);
    }
  });

  it('trusts no proxy, any peer, or only the proxies named by address or range', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
    ]);
    for (const bad of ['yes-please', '10.0.0.300', '10.0.0.0/33', '10.0.0.1/8/2', 'nginx']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });

  it('runs one API process unless API_PROCESSES asks for more, within reason', () => {
    expect(loadConfig({}).apiProcesses).toBe(1);
    expect(loadConfig({ API_PROCESSES: '4' }).apiProcesses).toBe(4);
    for (const bad of ['0', '-2', '2.5', 'two', '65']) {
      expect(() => loadConfig({ API_PROCESSES: bad })).toThrow(/API_PROCESSES/);
    }
  });

  it('reads the environment and refuses nonsense', () => {
    const config = loadConfig({
      PORT: '9090',
      DATA_DIR: '/srv/xinao',
      DATABASE_URL: 'postgres://x@db/xinao',
      EMBEDDED_PG_PORT: '0',
      SEED_PASSWORD: 'Another#Pass1',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 9090,
      dataDir: '/srv/xinao',
      databaseUrl: 'postgres://x@db/xinao',
      embeddedPgPort: 0,
      seedPassword: 'Another#Pass1',
      trustProxy: true,
    });
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED_PASSWORD: 'short' })).toThrow(/SEED_PASSWORD/);
  });

  it('seeds the demo on an external database only when asked, and checks ADMIN_PASSWORD', () => {
    expect(loadConfig({})).toMatchObject({ seedDemo: false, adminPassword: undefined });
    expect(loadConfig({ SEED_DEMO: '1', ADMIN_PASSWORD: 'Op3rator-Secret' })).toMatchObject({
      seedDemo: true,
      adminPassword: 'Op3rator-Secret',
    });
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('reads a yes/no setting in any case, empty as no, and refuses a typo by name', () => {
    expect(loadConfig({ SECURE_COOKIES: 'YES', SEED_DEMO: 'off' })).toMatchObject({
      secureCookies: true,
      seedDemo: false,
    });
    expect(loadConfig({ SECURE_COOKIES: '', SEED_DEMO: 'True' })).toMatchObject({
      secureCookies: false,
      seedDemo: true,
    });
    // A typo used to read as no: cookies without Secure behind HTTPS, and no word of it.
    expect(() => loadConfig({ SECURE_COOKIES: 'ture' })).toThrow(
      'SECURE_COOKIES must be 1 or 0, got "ture"',
    );
    expect(() => loadConfig({ SEED_DEMO: 'y' })).toThrow(/SEED_DEMO/);
    expect(loadConfig({ TRUST_PROXY: 'OFF' }).trustProxy).toBe(false);
  });
});
