import { describe, expect, it } from 'vitest';
import { acs3Signature, rpcSignature, verifyAcs3 } from './acs3';

// Alibaba Cloud's documentation, "V3 request body and signature", worked example (ECS RunInstances).
const example = {
  secret: 'YourAccessKeySecret',
  method: 'POST',
  path: '/',
  query: [
    ['ImageId', 'win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd'],
    ['RegionId', 'cn-shanghai'],
  ] as const,
  headers: [
    ['host', 'ecs.cn-shanghai.aliyuncs.com'],
    ['x-acs-action', 'RunInstances'],
    ['x-acs-content-sha256', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['x-acs-date', '2023-10-26T10:22:32Z'],
    ['x-acs-signature-nonce', '3156853299f313e23d1673dc12e1703d'],
    ['x-acs-version', '2014-05-26'],
  ] as const,
  body: '',
};
const expected = '06563a9e1b43f5dfe96b81484da74bceab24a1d853912eee15083a6f0f3283c0';

describe('ACS3-HMAC-SHA256', () => {
  it('gives the documentation’s signature for its worked example', () => {
    expect(acs3Signature(example)).toBe(expected);
  });

  const request = (signature: string) => ({
    method: 'POST',
    url: '/?ImageId=win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd&RegionId=cn-shanghai',
    headers: {
      ...Object.fromEntries(example.headers),
      authorization: `ACS3-HMAC-SHA256 Credential=YourAccessKeyId,SignedHeaders=host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version,Signature=${signature}`,
    },
    body: Buffer.from(''),
  });
  const secrets = { YourAccessKeyId: 'YourAccessKeySecret' };
  const at = new Date('2023-10-26T10:25:00Z');

  it('accepts the worked example as a received request', () => {
    expect(verifyAcs3(request(expected), secrets, at)).toBeNull();
  });

  it('refuses a changed query, a wrong secret, an unknown key, an unsigned x-acs header and an old date', () => {
    const changed = { ...request(expected), url: '/?ImageId=other&RegionId=cn-shanghai' };
    expect(verifyAcs3(changed, secrets, at)?.code).toBe('SignatureDoesNotMatch');
    expect(verifyAcs3(request(expected), { YourAccessKeyId: 'other' }, at)?.code).toBe(
      'SignatureDoesNotMatch',
    );
    expect(verifyAcs3(request(expected), {}, at)?.code).toBe('InvalidAccessKeyId.NotFound');
    const extra = request(expected);
    expect(
      verifyAcs3({ ...extra, headers: { ...extra.headers, 'x-acs-extra': '1' } }, secrets, at)?.code,
    ).toBe('IncompleteSignature');
    expect(verifyAcs3(request(expected), secrets, new Date('2023-10-26T11:00:00Z'))?.code).toBe(
      'InvalidTimeStamp.Expired',
    );
    expect(verifyAcs3({ ...request(expected), headers: {} }, secrets, at)?.code).toBe('MissingAuthorization');
  });
});

// Alibaba Cloud's documentation, RPC signature (HMAC-SHA1) worked example (ECS DescribeDedicatedHosts).
describe('RPC HMAC-SHA1 signature', () => {
  it('gives the documentation’s signature for its worked example', () => {
    expect(
      rpcSignature('testsecret', 'GET', {
        AccessKeyId: 'testid',
        Action: 'DescribeDedicatedHosts',
        Format: 'JSON',
        RegionId: 'cn-beijing',
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: 'edb2b34af0af9a6d14deaf7c1a5315eb',
        SignatureVersion: '1.0',
        Timestamp: '2023-03-13T08:34:30Z',
        Version: '2014-05-26',
      }),
    ).toBe('9NaGiOspFP5UPcwX8Iwt2YJXXuk=');
  });
});
