import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { publicUrlOf } from '../../server/lib/links';

describe('server configuration', () => {
  it('has working defaults for the embedded set-up', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      DATA_DIR: './.data',
      NODE_ENV: 'development',
      SEED_DEMO: true,
      DEFAULT_ROLES: ['roleAdmin'],
    });
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.TRUST_PROXY).toBe(0);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(config.REFRESH_TOKEN_GRACE_SECONDS).toBe(30);
    expect(loadConfig({ REFRESH_TOKEN_GRACE_SECONDS: '0' }).REFRESH_TOKEN_GRACE_SECONDS).toBe(0);
  });

  it('reads typed values', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@db:5432/app',
      SMTP_URL: 'smtp://mail:25',
      DEFAULT_ROLES: 'roleAccountant, roleRedeemer',
      TRUST_PROXY: 'true',
      SEED_DEMO: '0',
    });
    expect(config).toMatchObject({ PORT: 9000, TRUST_PROXY: 1, SEED_DEMO: false, DEFAULT_ROLES: ['roleAccountant', 'roleRedeemer'] });
    expect(config.PUBLIC_URL).toBe('http://localhost:9000');
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
  });

  it('gives each region its own public address, PUBLIC_URL where it has none (decision 90)', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://certdesk.example', PUBLIC_URL_ES: 'https://es.certdesk.example/portal' });
    expect(publicUrlOf(config, 'es')).toBe('https://es.certdesk.example/portal');
    expect(publicUrlOf(config, 'ru')).toBe('https://certdesk.example');
    expect(() => loadConfig({ PUBLIC_URL_ES: 'ftp://es.example' })).toThrow(/PUBLIC_URL_ES must start with http: or https:/);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'not a url' }, 'SMTP_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ DEFAULT_ROLES: 'roleKing' }, 'DEFAULT_ROLES'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10' }, 'TRUST_PROXY'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ REFRESH_TOKEN_GRACE_SECONDS: '301' }, 'REFRESH_TOKEN_GRACE_SECONDS'],
    [{ REFRESH_TOKEN_GRACE_SECONDS: '-1' }, 'REFRESH_TOKEN_GRACE_SECONDS'],
    [{ WEB_CONCURRENCY: '0' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: '2' }, 'WEB_CONCURRENCY'],
    [{ DB_POOL_SIZE: '0' }, 'DB_POOL_SIZE'],
  ])('stops on a bad value and names the variable: %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('runs one process unless told, several only on PostgreSQL (decision 69)', () => {
    expect(loadConfig({})).toMatchObject({ WEB_CONCURRENCY: 1, DB_POOL_SIZE: 10 });
    expect(loadConfig({ WEB_CONCURRENCY: '4', DB_POOL_SIZE: '20', DATABASE_URL: 'postgres://u@db:5432/app' })).toMatchObject({
      WEB_CONCURRENCY: 4,
      DB_POOL_SIZE: 20,
    });
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY above 1 needs DATABASE_URL/);
  });

  it.each([
    ['JWT_SECRET', 'hunter2-hunter2'],
    ['PARTNER_API_KEY', 'partner-key-7f3a9'],
    ['DATABASE_URL', 'mysql://user:s3cret@x'],
    ['SMTP_URL', 'http://user:s3cret@mail'],
  ])('names %s when it is wrong, and never prints it', (name, value) => {
    const message = (() => {
      try {
        loadConfig({ [name]: value });
      } catch (error) {
        return (error as Error).message;
      }
      return 'no error';
    })();
    expect(message).toMatch(new RegExp(`\\b${name}\\b`));
    expect(message).not.toContain(value);
    expect(message).not.toContain('s3cret');
    expect(message).not.toContain(value.slice(0, 8));
  });

  it('still shows the value of a setting that is no secret, to help the one who typed it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT must be a whole number from 0 to 65535 \(got "eighty"\)/);
  });
});
