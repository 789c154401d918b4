import { describe, expect, it } from 'vitest';
import { deviceOf } from './device.ts';

const agents = {
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  safariIPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  chromeIPad:
    'Mozilla/5.0 (iPad; CPU OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
};

describe('the browser and platform of a session', () => {
  it('names desktop and phone browsers as a member would', () => {
    expect(deviceOf(agents.chromeMac)).toEqual({ browser: 'Chrome', platform: 'macOS' });
    expect(deviceOf(agents.safariIPhone)).toEqual({ browser: 'Safari', platform: 'iPhone' });
    expect(deviceOf(agents.chromeIPad)).toEqual({ browser: 'Chrome', platform: 'iPad' });
    expect(deviceOf(agents.chromeAndroid)).toEqual({ browser: 'Chrome', platform: 'Android' });
    expect(deviceOf(agents.edgeWindows)).toEqual({ browser: 'Edge', platform: 'Windows' });
    expect(deviceOf(agents.firefoxWindows)).toEqual({ browser: 'Firefox', platform: 'Windows' });
    expect(deviceOf(agents.headless)).toEqual({ browser: 'Chrome', platform: 'Linux' });
  });

  it('says nothing of a missing or unknown User-Agent', () => {
    expect(deviceOf(undefined)).toEqual({ browser: null, platform: null });
    expect(deviceOf('')).toEqual({ browser: null, platform: null });
    expect(deviceOf('curl/8.4.0')).toEqual({ browser: null, platform: null });
  });
});
