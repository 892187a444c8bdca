/**
 * The reasons of failed outbound requests, read from the codes of the error's causes as Node and
 * undici raise them (fetch's TypeError "fetch failed" carrying the socket's or the resolver's
 * error), and the phrases that word them in both languages.
 */
import { serverPhrases } from '@console/phrases/server';
import { describe, expect, it } from 'vitest';
import { translatePhrase } from '../i18n';
import { OutboundAddressError } from './outbound';
import {
  httpFailure,
  OutboundReasons,
  outboundFailureOf,
  outboundFailurePhrase,
  type TOutboundReason,
} from './outbound-failure';

/** What undici's fetch throws: "fetch failed" with the underlying error as its cause. */
function fetchFailed(code: string | undefined, message = 'socket error'): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(message), code ? { code } : {}) });
}

const url = 'https://idp.example.com/realms/corp';
const reasonOf = (error: unknown) => outboundFailureOf(error, url, { timeoutMs: 10_000 }).reason;

describe('outboundFailureOf', () => {
  it.each<[string, TOutboundReason]>([
    ['ENOTFOUND', 'notFound'],
    ['EAI_AGAIN', 'dnsFailed'],
    ['ECONNREFUSED', 'refused'],
    ['ETIMEDOUT', 'timeout'],
    ['UND_ERR_CONNECT_TIMEOUT', 'timeout'],
    ['ECONNRESET', 'reset'],
    ['UND_ERR_SOCKET', 'reset'],
    ['EHOSTUNREACH', 'unreachable'],
    ['ENETUNREACH', 'unreachable'],
    ['CERT_HAS_EXPIRED', 'certExpired'],
    ['CERT_NOT_YET_VALID', 'certExpired'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'certSelfSigned'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'certSelfSigned'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'certUntrusted'],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'certUntrusted'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'certName'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls'],
    ['EPROTO', 'tls'],
  ])('reads %s as %s', (code, reason) => {
    expect(reasonOf(fetchFailed(code))).toBe(reason);
  });

  it('names the host and the port of the address, the time given, and a code it does not know', () => {
    expect(
      outboundFailureOf(fetchFailed('ECONNREFUSED'), 'http://127.0.0.1:8599/x', { timeoutMs: 1 }),
    ).toEqual({
      reason: 'refused',
      host: '127.0.0.1',
      port: '8599',
    });
    expect(
      outboundFailureOf(new DOMException('timed out', 'TimeoutError'), url, { timeoutMs: 10_000 }),
    ).toEqual({
      reason: 'timeout',
      host: 'idp.example.com',
      port: '443',
      seconds: 10,
    });
    expect(outboundFailureOf(fetchFailed('EWHATEVER'), url, { timeoutMs: 1 })).toMatchObject({
      reason: 'failed',
      code: 'EWHATEVER',
    });
    expect(reasonOf(fetchFailed(undefined, 'bad port'))).toBe('badPort');
    expect(reasonOf(new TypeError('too many redirects'))).toBe('redirects');
    expect(
      reasonOf(new TypeError('fetch failed', { cause: new OutboundAddressError('idp', '10.0.0.1') })),
    ).toBe('notAllowed');
  });

  it('has words for every reason in both languages, naming the host', () => {
    for (const reason of OutboundReasons) {
      const phrase = outboundFailurePhrase({
        reason,
        host: 'idp.example.com',
        port: '443',
        status: 502,
        seconds: 10,
        code: 'EWHATEVER',
      });
      for (const lang of ['en-US', 'zh-CN'] as const) {
        expect(Object.keys(serverPhrases[lang].errors)).toContain(phrase.key);
        const text = translatePhrase(lang, phrase);
        expect(text, `${lang} ${reason}`).toContain('idp.example.com');
        expect(text, `${lang} ${reason}`).not.toMatch(/\{\{/);
      }
    }
    expect(translatePhrase('en-US', outboundFailurePhrase(httpFailure(url, 502)))).toBe(
      'idp.example.com answered with HTTP status 502.',
    );
  });
});
