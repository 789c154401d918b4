import { describe, expect, it } from 'vitest';
import { defaultConfig, parseConfig, toPublicConfig } from './config.ts';

describe('configuration (SPEC §1, §6)', () => {
  it('defaults are the described configuration', () => {
    expect(defaultConfig).toMatchObject({
      selfSignupEnabled: false,
      selfProfileUpdateEnabled: false,
      enablePointsExchange: false,
      enableCardPIN: false,
      enableTelephoneNumber: true,
      enableMagicLinkLogins: true,
      enableWebAuthnLogins: true,
      customerType: 'personal-shopping',
      locale: 'en-GB',
      termsPagePath: '/terms',
      privacyPagePath: '/privacy-policy',
      privacyPolicyUrl: null,
      alternativeLandingEnabled: false,
      guidedSignupEnabled: false,
    });
  });

  it('contact block: none by default; set parts reach the browser; a bad phone names its key', () => {
    expect(toPublicConfig(defaultConfig)).toMatchObject({
      customerServicesEmail: null,
      customerServicesPhone: null,
      customerServicesHours: null,
    });
    const config = parseConfig({
      customerServicesEmail: 'care@example.com',
      customerServicesPhone: '+44 20 7946 0000',
      customerServicesHours: 'Monday to Saturday, 9am to 6pm',
    });
    expect(toPublicConfig(config)).toMatchObject({
      customerServicesEmail: 'care@example.com',
      customerServicesPhone: '+44 20 7946 0000',
      customerServicesHours: 'Monday to Saturday, 9am to 6pm',
    });
    expect(() => parseConfig({ customerServicesPhone: 'call us' })).toThrow(/customerServicesPhone/);
    expect(() => parseConfig({ customerServicesEmail: 'not-an-email' })).toThrow(/customerServicesEmail/);
  });

  it('a file overrides single keys and keeps the other defaults', () => {
    const config = parseConfig({ enablePointsExchange: true, locale: 'da-DK', title: 'Nordic Club' });
    expect(config.enablePointsExchange).toBe(true);
    expect(config.locale).toBe('da-DK');
    expect(config.title).toBe('Nordic Club');
    expect(config.enableMagicLinkLogins).toBe(true);
  });

  it('nikeLink: client authentication is client_secret_basic by default; private_key_jwt without its key stops naming privateKeyPath', () => {
    expect(parseConfig({}).nikeLink.tokenEndpointAuthMethod).toBe('client_secret_basic');
    expect(() => parseConfig({ nikeLink: { tokenEndpointAuthMethod: 'private_key_jwt' } })).toThrow(
      /nikeLink\.privateKeyPath/,
    );
    expect(() => parseConfig({ nikeLink: { tokenEndpointAuthMethod: 'client_secret_jwt' } })).toThrow(
      /nikeLink\.tokenEndpointAuthMethod/,
    );
    const keyed = parseConfig({
      nikeLink: { tokenEndpointAuthMethod: 'private_key_jwt', privateKeyPath: '/etc/loyalty/nike.pem' },
    });
    expect(keyed.nikeLink.privateKeyPath).toBe('/etc/loyalty/nike.pem');
  });

  it('an invalid value stops with a message naming the key', () => {
    expect(() => parseConfig({ enablePointsExchange: 'yes' })).toThrow(/enablePointsExchange/);
    expect(() => parseConfig({ locale: 'fr-FR' })).toThrow(/locale/);
    expect(() => parseConfig({ privacyPolicyUrl: 'not a url' })).toThrow(/privacyPolicyUrl/);
    expect(() => parseConfig({ chatWidget: { enabled: 'no' } })).toThrow(/chatWidget\.enabled/);
  });

  it('trustedProxies: none by default; addresses and CIDRs only, never "everyone" or a hop count', () => {
    expect(parseConfig({}).trustedProxies).toEqual([]);
    expect(parseConfig({ trustedProxies: ['10.0.0.0/8', '192.0.2.10', 'fd00::/8'] }).trustedProxies).toEqual([
      '10.0.0.0/8',
      '192.0.2.10',
      'fd00::/8',
    ]);
    expect(() => parseConfig({ trustedProxies: true })).toThrow(/trustedProxies/);
    expect(() => parseConfig({ trustedProxies: 1 })).toThrow(/trustedProxies/);
    expect(() => parseConfig({ trustedProxies: ['*'] })).toThrow(/trustedProxies/);
    expect(() => parseConfig({ trustedProxies: ['loopback'] })).toThrow(/trustedProxies/);
  });

  it('pointsExpiry: off by default; whole months from 1 to 120, and a reminder inside the first month of them', () => {
    expect(defaultConfig.pointsExpiry).toEqual({ months: null, reminderDays: 30 });
    expect(parseConfig({ pointsExpiry: { months: 12 } }).pointsExpiry).toEqual({
      months: 12,
      reminderDays: 30,
    });
    expect(toPublicConfig(parseConfig({ pointsExpiry: { months: 6 } })).pointsExpiry.months).toBe(6);
    for (const months of [0, -1, 1.5, 121, '12'])
      expect(() => parseConfig({ pointsExpiry: { months } })).toThrow(/pointsExpiry\.months/);
    for (const reminderDays of [0, 91, 2.5, null])
      expect(() => parseConfig({ pointsExpiry: { months: 12, reminderDays } })).toThrow(
        /pointsExpiry\.reminderDays/,
      );
    // A 30-day reminder for points that expire a month after they are added would come before them.
    expect(() => parseConfig({ pointsExpiry: { months: 1, reminderDays: 30 } })).toThrow(
      /pointsExpiry\.reminderDays: must be fewer days than pointsExpiry\.months/,
    );
    expect(() => parseConfig({ pointsExpiry: { months: 12, remindDays: 30 } })).toThrow(/remindDays/);
  });

  it('an unknown key is refused and named, so a typo cannot silently do nothing', () => {
    expect(() => parseConfig({ enablePointExchange: true })).toThrow(/enablePointExchange/);
  });

  it('wallet.apple.apns.sweepSeconds, from configuration files of earlier versions, is still accepted', () => {
    const config = parseConfig({ wallet: { apple: { apns: { enabled: false, sweepSeconds: 60 } } } });
    expect(config.wallet.apple.apns.enabled).toBe(false);
  });

  it('vipLevels: none by default (percentages only); the scheme may name its own levels', () => {
    expect(defaultConfig.vipLevels).toEqual([]);
    expect(parseConfig({ vipLevels: ['Gold', 'Platinum'] }).vipLevels).toEqual(['Gold', 'Platinum']);
  });

  it('the public part carries the switches and no server-only key', () => {
    const publicConfig = toPublicConfig(
      parseConfig({ emailFrom: 'club@example.com', returnsWindowDays: 14 }),
    );
    expect(publicConfig).toHaveProperty('enableMagicLinkLogins', true);
    expect(publicConfig).not.toHaveProperty('emailFrom');
    expect(publicConfig).not.toHaveProperty('returnsWindowDays');
    expect(publicConfig).not.toHaveProperty('sentry');
  });
});

describe('recentAuthenticationMinutes (ASVS 6.2.3)', () => {
  it('defaults to 10 minutes and takes a whole number of minutes', () => {
    expect(defaultConfig.recentAuthenticationMinutes).toBe(10);
    expect(parseConfig({ recentAuthenticationMinutes: 30 }).recentAuthenticationMinutes).toBe(30);
  });

  it('zero, negative, fractional, over a day or non-numeric values are refused and named', () => {
    for (const bad of [0, -5, 2.5, 1441, '10', null]) {
      expect(() => parseConfig({ recentAuthenticationMinutes: bad })).toThrow(/recentAuthenticationMinutes/);
    }
  });

  it('is never handed to the browser', () => {
    expect(toPublicConfig(defaultConfig)).not.toHaveProperty('recentAuthenticationMinutes');
  });
});
