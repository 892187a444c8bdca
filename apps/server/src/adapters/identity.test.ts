/** The HTTP identity provider signs its calls and reads the provider's answers; the development rules. */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpIdentityProvider, devEnterpriseResult, IdentityError } from './identity';

let server: Server;
let url: string;
const seen: { method: string; path: string; body: string; isSigned: boolean; key: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const path = req.url ?? '';
      const expected = createHmac('sha256', 'the-secret')
        .update(`${req.headers['x-cz-timestamp']}\n${req.method}\n${path}\n${body}`)
        .digest('hex');
      seen.push({
        method: req.method ?? '',
        path,
        body,
        isSigned: req.headers['x-cz-signature'] === expected,
        key: String(req.headers['x-cz-key']),
      });
      res.setHeader('content-type', 'application/json');
      if (path === '/v1/face/sessions') return res.end(JSON.stringify({ sessionId: 'sess-12345678' }));
      if (path === '/v1/face/sessions/sess-12345678/url')
        return res.end(JSON.stringify({ url: 'https://provider.example/live/1' }));
      if (path === '/v1/face/sessions/sess-12345678')
        return res.end(JSON.stringify({ status: 'failed', errorCode: 'NO_VALID_FACE' }));
      if (path === '/v1/enterprise/checks') return res.end(JSON.stringify({ result: 'MANUAL', ref: 'r1' }));
      res.statusCode = 500;
      res.end('{}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('HTTP identity provider', () => {
  it('signs every call with the key and the HMAC of timestamp, method, path and body', async () => {
    const provider = createHttpIdentityProvider({
      url,
      key: 'the-key',
      secret: 'the-secret',
      timeoutMs: 2000,
    });
    expect(await provider.createFaceSession({ name: '张三', idNumber: '11010519491231002X' })).toEqual({
      sessionId: 'sess-12345678',
    });
    expect(
      await provider.faceCheckUrl('sess-12345678', 'https://console.example/faceRecognition?token=t'),
    ).toBe('https://provider.example/live/1');
    expect(await provider.faceResult('sess-12345678')).toEqual({
      status: 'failed',
      errorCode: 'NO_VALID_FACE',
    });
    expect(
      await provider.checkEnterprise({
        companyName: 'Acme',
        creditCode: '91350100M000100Y43',
        legalPersonName: '李四',
        legalPersonId: '440524188001010014',
        bankAccount: '6222021001088889999',
        bankName: 'ICBC',
      }),
    ).toEqual({ result: 'manual', ref: 'r1' });
    expect(seen.every((call) => call.isSigned && call.key === 'the-key')).toBe(true);
    expect(seen.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /v1/face/sessions',
      'POST /v1/face/sessions/sess-12345678/url',
      'GET /v1/face/sessions/sess-12345678',
      'POST /v1/enterprise/checks',
    ]);
  });

  it('fails with a reason that names no personal data', async () => {
    const provider = createHttpIdentityProvider({
      url: `${url}/broken`,
      key: 'k',
      secret: 's',
      timeoutMs: 2000,
    });
    const error = await provider
      .createFaceSession({ name: '张三', idNumber: '11010519491231002X' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(IdentityError);
    expect((error as IdentityError).reason).toBe('HTTP_500');
    expect(String((error as Error).message)).not.toContain('11010519491231002X');
  });
});

describe('development enterprise rules', () => {
  it('answers by the company name', () => {
    expect(devEnterpriseResult('Acme Co.')).toBe('CONSISTENT');
    expect(devEnterpriseResult('某某未营业公司')).toBe('NOT_OPERATING_NORMALLY');
    expect(devEnterpriseResult('人工审核公司')).toBe('manual');
    expect(devEnterpriseResult('NoLegalPerson Ltd.')).toBe('LEGAL_PERSON_NOT_FOUND');
    expect(devEnterpriseResult('NotFound Ltd.')).toBe('ENTERPRISE_NOT_FOUND');
  });
});
