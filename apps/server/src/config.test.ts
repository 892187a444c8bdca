import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('works with nothing configured', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      edition: 'domestic',
      deployMode: 'cloud',
      defaultLanguage: 'zh-CN',
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 12,
      demo: true,
      databaseUrl: null,
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('reads the edition, mode, timeouts and --no-demo', () => {
    const config = loadConfig(
      {
        EDITION: 'international',
        DEPLOY_MODE: 'onprem',
        SESSION_IDLE_MINUTES: '5',
        SESSION_ABSOLUTE_HOURS: '1',
      },
      ['--no-demo'],
    );
    expect(config).toMatchObject({
      edition: 'international',
      deployMode: 'onprem',
      defaultLanguage: 'en-US',
      sessionIdleMinutes: 5,
      sessionAbsoluteHours: 1,
      demo: false,
    });
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
  });

  it('reads the hosts of the mobile login (none by default)', () => {
    expect(loadConfig({}).mobileLoginHosts).toEqual([]);
    expect(
      loadConfig({ MOBILE_LOGIN_HOSTS: ' m.example.com, *.Mobile.example.com ,' }).mobileLoginHosts,
    ).toEqual(['m.example.com', '*.mobile.example.com']);
  });

  it('never seeds demo data in production and demands a secret key there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRET_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(40), DEMO: '1' }).demo).toBe(false);
  });

  it('refuses values it cannot use, naming the setting', () => {
    expect(() => loadConfig({ EDITION: 'global' })).toThrow(/EDITION/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(() => loadConfig({ DEMO: 'maybe' })).toThrow(/DEMO/);
  });
});
