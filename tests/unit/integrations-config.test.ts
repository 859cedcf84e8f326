import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

/** The analytics counters' and the chat's addresses (decision 62): optional, http(s), and safe to put in a policy. */
describe('integration settings', () => {
  it('are off unless configured', () => {
    const config = loadConfig({});
    expect(config.PIXEL_URL).toBeUndefined();
    expect(config.PIXEL_ES_URL).toBeUndefined();
    expect(config.CHAT_SCRIPT_URL).toBeUndefined();
  });

  it('take http and https addresses, with ports, paths and queries', () => {
    const config = loadConfig({
      PIXEL_URL: 'https://counter.example/hit.gif?site=1',
      PIXEL_ES_URL: 'http://127.0.0.1:9100/es.gif',
      CHAT_SCRIPT_URL: 'https://code.chat.example/widget/abc',
    });
    expect(config).toMatchObject({
      PIXEL_URL: 'https://counter.example/hit.gif?site=1',
      PIXEL_ES_URL: 'http://127.0.0.1:9100/es.gif',
      CHAT_SCRIPT_URL: 'https://code.chat.example/widget/abc',
    });
  });

  it.each([
    ['PIXEL_URL', 'counter.example/hit.gif'],
    ['PIXEL_URL', 'ftp://counter.example/hit.gif'],
    ['PIXEL_ES_URL', 'javascript:alert(1)'],
    ['CHAT_SCRIPT_URL', 'data:text/javascript,alert(1)'],
    // A host the URL parser lets through but that would end or split a policy directive.
    ['CHAT_SCRIPT_URL', 'https://chat.example;script-src*/x.js'],
    ['PIXEL_URL', 'https://a,b.example/p.gif'],
  ])('stop on a bad %s: %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });
});
