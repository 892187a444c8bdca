import { describe, expect, it } from 'vitest';
import { sigV4Signature, verifySigV4 } from './sigv4';

const emptyHash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

// Amazon S3 API reference, "Signature Calculations for the Authorization Header", GET Object example.
const s3Example = {
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 's3',
  amzDate: '20130524T000000Z',
  method: 'GET',
  path: '/test.txt',
  query: '',
  headers: [
    ['host', 'examplebucket.s3.amazonaws.com'],
    ['range', 'bytes=0-9'],
    ['x-amz-content-sha256', emptyHash],
    ['x-amz-date', '20130524T000000Z'],
  ] as const,
  payloadHash: emptyHash,
};

// The SigV4 test suite's get-vanilla.
const vanilla = {
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 'service',
  amzDate: '20150830T123600Z',
  method: 'GET',
  path: '/',
  query: '',
  headers: [
    ['host', 'example.amazonaws.com'],
    ['x-amz-date', '20150830T123600Z'],
  ] as const,
  payloadHash: emptyHash,
};

describe('AWS Signature Version 4', () => {
  it('gives the published signatures of S3’s GET Object example and the test suite’s get-vanilla', () => {
    expect(sigV4Signature(s3Example)).toBe(
      'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(sigV4Signature(vanilla)).toBe('5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31');
  });

  const s3Request = (signature: string) => ({
    method: 'GET',
    url: '/test.txt',
    headers: {
      authorization: `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=${signature}`,
      host: 'examplebucket.s3.amazonaws.com',
      range: 'bytes=0-9',
      'x-amz-content-sha256': emptyHash,
      'x-amz-date': '20130524T000000Z',
    },
    body: Buffer.alloc(0),
  });
  const secrets = { AKIAIOSFODNN7EXAMPLE: s3Example.secretAccessKey };
  const at = new Date(Date.UTC(2013, 4, 24, 0, 5));
  const good = 'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41';

  it('accepts the example as a received request', () => {
    expect(verifySigV4(s3Request(good), secrets, { service: 's3', region: 'us-east-1' }, at)).toBeNull();
  });

  it('refuses a wrong secret, a changed header, another service, an unknown key and a stale date', () => {
    expect(verifySigV4(s3Request(good), { AKIAIOSFODNN7EXAMPLE: 'wrong' }, { service: 's3' }, at)?.code).toBe(
      'SignatureDoesNotMatch',
    );
    const changed = s3Request(good);
    changed.headers.range = 'bytes=0-99';
    expect(verifySigV4(changed, secrets, { service: 's3' }, at)?.code).toBe('SignatureDoesNotMatch');
    expect(verifySigV4(s3Request(good), secrets, { service: 'aws-marketplace' }, at)?.code).toBe(
      'SignatureDoesNotMatch',
    );
    expect(verifySigV4(s3Request(good), {}, { service: 's3' }, at)?.code).toBe('UnrecognizedClientException');
    expect(
      verifySigV4(s3Request(good), secrets, { service: 's3' }, new Date(Date.UTC(2013, 4, 24, 0, 16)))?.code,
    ).toBe('RequestTimeTooSkewed');
    const tampered = s3Request(good);
    tampered.body = Buffer.from('x');
    expect(verifySigV4(tampered, secrets, { service: 's3' }, at)?.code).toBe('XAmzContentSHA256Mismatch');
  });
});
