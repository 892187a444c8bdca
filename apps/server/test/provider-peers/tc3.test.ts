import { describe, expect, it } from 'vitest';
import { tc3Signature, verifyTc3 } from './tc3';

// Tencent Cloud's documentation, "Signature v3", worked example (CVM DescribeInstances).
const example = {
  secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
  service: 'cvm',
  timestamp: 1551113065,
  method: 'POST',
  path: '/',
  query: '',
  headers: [
    ['content-type', 'application/json; charset=utf-8'],
    ['host', 'cvm.tencentcloudapi.com'],
  ] as const,
  body: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
};
const expected = '72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168';

describe('TC3-HMAC-SHA256', () => {
  it('gives the documentation’s signature for its worked example', () => {
    expect(tc3Signature(example)).toBe(expected);
  });

  const request = (signature: string, host = 'cvm.tencentcloudapi.com') => ({
    method: 'POST',
    url: '/',
    headers: {
      authorization: `TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=${signature}`,
      'content-type': 'application/json; charset=utf-8',
      host,
      'x-tc-timestamp': '1551113065',
    },
    body: Buffer.from(example.body),
  });
  const secrets = { AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE: example.secretKey };
  const at = new Date(1551113065 * 1000 + 60_000);

  it('accepts the worked example as a received request, with the host sent with or without a port', () => {
    expect(verifyTc3(request(expected), secrets, ['cvm'], at)).toBeNull();
    expect(verifyTc3(request(expected, 'cvm.tencentcloudapi.com:443'), secrets, ['cvm'], at)).toBeNull();
  });

  it('refuses a changed body, a wrong secret, another service, an unknown id and an old timestamp', () => {
    expect(verifyTc3({ ...request(expected), body: Buffer.from('{}') }, secrets, ['cvm'], at)?.code).toBe(
      'AuthFailure.SignatureFailure',
    );
    expect(
      verifyTc3(request(expected), { AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE: 'other' }, ['cvm'], at)?.code,
    ).toBe('AuthFailure.SignatureFailure');
    expect(verifyTc3(request(expected), secrets, ['sms'], at)?.code).toBe('AuthFailure.SignatureFailure');
    expect(verifyTc3(request(expected), {}, ['cvm'], at)?.code).toBe('AuthFailure.SecretIdNotFound');
    expect(verifyTc3(request(expected), secrets, ['cvm'], new Date(1551113065 * 1000 + 301_000))?.code).toBe(
      'AuthFailure.SignatureExpire',
    );
    expect(verifyTc3({ ...request(expected), headers: {} }, secrets, ['cvm'], at)?.code).toBe(
      'AuthFailure.InvalidAuthorization',
    );
  });
});
