import { expect } from 'chai';
import { ConfigError } from '../../../api/config.ts';
import { readSettings } from '../../../api/plugins/settings.ts';
import ai from '../plugin.ts';

const read = (env: Record<string, string>) => readSettings([ai], env).ai;

describe('ai: its settings (AI_BASE_URL, AI_MODEL, AI_API_KEY, AI_TIMEOUT_MS, ENHANCE_PER_HOUR)', () => {
  it('uses the local enhancer unless a provider is configured, and reads one when it is', () => {
    expect(read({})).to.deep.equal({ baseUrl: null, model: null, apiKey: null, timeoutMs: 15000, enhancePerHour: 30 });
    expect(
      read({
        AI_BASE_URL: 'http://127.0.0.1:8080/v1',
        AI_MODEL: 'local-model',
        AI_API_KEY: 'sk-test',
        AI_TIMEOUT_MS: '2500',
        ENHANCE_PER_HOUR: '0',
      }),
    ).to.deep.equal({
      baseUrl: 'http://127.0.0.1:8080/v1',
      model: 'local-model',
      apiKey: 'sk-test',
      timeoutMs: 2500,
      enhancePerHour: 0,
    });
  });

  const invalid: Array<[string, Record<string, string>, RegExp]> = [
    [
      'a URL that is not http(s)',
      { AI_BASE_URL: 'ftp://models.local', AI_MODEL: 'm' },
      /AI_BASE_URL must be an http\(s\) URL/,
    ],
    [
      'a URL that does not parse',
      { AI_BASE_URL: 'localhost:8080', AI_MODEL: 'm' },
      /AI_BASE_URL must be an http\(s\) URL/,
    ],
    ['a provider without a model', { AI_BASE_URL: 'http://127.0.0.1:8080/v1' }, /AI_MODEL is required/],
    ['a key without a provider URL', { AI_API_KEY: 'sk-test' }, /need AI_BASE_URL/],
    [
      'a timeout that is not a number',
      { AI_BASE_URL: 'http://127.0.0.1:8080/v1', AI_MODEL: 'm', AI_TIMEOUT_MS: '5s' },
      /AI_TIMEOUT_MS must be a whole number/,
    ],
    [
      'a limit that is not a whole number',
      { ENHANCE_PER_HOUR: 'lots' },
      /ENHANCE_PER_HOUR must be a whole number \(0 turns the limit off\)/,
    ],
  ];
  for (const [what, env, message] of invalid)
    it(`refuses ${what} with one ConfigError line`, () => {
      expect(() => read(env)).to.throw(ConfigError, message);
    });

  it('never repeats the key in a refusal', () => {
    expect(() => read({ AI_API_KEY: 'sk-secret-value' }))
      .to.throw(ConfigError)
      .that.satisfies((error: Error) => !error.message.includes('sk-secret-value'));
  });
});
