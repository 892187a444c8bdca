/**
 * The AWS Marketplace adapter (the official SDK) against the test peer, which checks every
 * request's SigV4 signature with code of its own (test/provider-peers/sigv4.ts) and answers as
 * ResolveCustomer's reference documents: customers with and without CustomerIdentifier and
 * LicenseArn, and the documented errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAwsMarketplacePeer, type TAwsMarketplacePeer } from '../../test/provider-peers/aws-marketplace';
import { createAwsMarketplace, MarketplaceRefusal, type TMarketplace } from './marketplace';

let peer: TAwsMarketplacePeer;
let marketplace: TMarketplace;
const signal = () => AbortSignal.timeout(10_000);

beforeAll(async () => {
  peer = await startAwsMarketplacePeer({ region: 'us-east-1' });
  marketplace = createAwsMarketplace({
    region: peer.region,
    accessKeyId: peer.accessKeyId,
    secretAccessKey: peer.secretAccessKey,
    endpoint: peer.url,
  });
});
afterAll(() => peer.close());

async function refusalOf(promise: Promise<unknown>): Promise<MarketplaceRefusal> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MarketplaceRefusal);
  return error as MarketplaceRefusal;
}

describe('AWS Marketplace ResolveCustomer', () => {
  it('signs with SigV4 as aws-marketplace and reads every id of the answer', async () => {
    const token = peer.issue({
      CustomerIdentifier: 'cUstOm3rId',
      CustomerAWSAccountId: '111122223333',
      ProductCode: 'prod-7zk2lc3exmpl',
      LicenseArn: 'arn:aws:license-manager::111122223333:license:l-0123456789abcdef',
    });
    const before = peer.requests.length;
    expect(await marketplace.resolve(token, 'free-trial', signal())).toEqual({
      customerId: 'cUstOm3rId',
      productCode: 'prod-7zk2lc3exmpl',
      offerType: 'free-trial',
      awsAccountId: '111122223333',
      licenseArn: 'arn:aws:license-manager::111122223333:license:l-0123456789abcdef',
      customerIdentifier: 'cUstOm3rId',
    });
    const request = peer.requests[before];
    expect(request?.headers['x-amz-target']).toBe('AWSMPMeteringService.ResolveCustomer');
    expect(request?.headers['content-type']).toBe('application/x-amz-json-1.1');
    expect(String(request?.headers.authorization)).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAMARKETPLACETEST1\/\d{8}\/us-east-1\/aws-marketplace\/aws4_request, ?SignedHeaders=/,
    );
    expect(JSON.parse(request?.body.toString() ?? '')).toEqual({ RegistrationToken: token });
    expect(peer.refused).toEqual([]);
  });

  it('keys a customer without CustomerIdentifier and LicenseArn on the AWS account', async () => {
    const token = peer.issue({ CustomerAWSAccountId: '444455556666', ProductCode: 'prod-7zk2lc3exmpl' });
    expect(await marketplace.resolve(token, null, signal())).toEqual({
      customerId: '444455556666',
      productCode: 'prod-7zk2lc3exmpl',
      offerType: null,
      awsAccountId: '444455556666',
      licenseArn: null,
      customerIdentifier: null,
    });
  });

  it('answers null for InvalidTokenException, and refuses expired tokens and unavailable answers', async () => {
    expect(await marketplace.resolve('not-a-token-aws-knows', null, signal())).toBeNull();
    expect(
      await refusalOf(marketplace.resolve(peer.issue('ExpiredTokenException'), null, signal())),
    ).toMatchObject({
      reason: 'expired',
      providerError: 'ExpiredTokenException',
    });
    for (const error of [
      'ThrottlingException',
      'InternalServiceErrorException',
      'DisabledApiException',
    ] as const) {
      expect(await refusalOf(marketplace.resolve(peer.issue(error), null, signal()))).toMatchObject({
        reason: 'unavailable',
        providerError: error,
      });
    }
    expect(peer.refused).toEqual([]);
  });

  it('is refused by the peer when signed with a wrong secret or an unknown key', async () => {
    const token = peer.issue({ CustomerAWSAccountId: '777788889999', ProductCode: 'prod-7zk2lc3exmpl' });
    const wrongSecret = createAwsMarketplace({
      region: peer.region,
      accessKeyId: peer.accessKeyId,
      secretAccessKey: `${peer.secretAccessKey}x`,
      endpoint: peer.url,
    });
    expect(await refusalOf(wrongSecret.resolve(token, null, signal()))).toMatchObject({
      reason: 'unavailable',
      providerError: 'InvalidSignatureException',
    });
    const unknownKey = createAwsMarketplace({
      region: peer.region,
      accessKeyId: 'AKIAUNKNOWNKEY000000',
      secretAccessKey: peer.secretAccessKey,
      endpoint: peer.url,
    });
    expect(await refusalOf(unknownKey.resolve(token, null, signal()))).toMatchObject({
      reason: 'unavailable',
      providerError: 'UnrecognizedClientException',
    });
    const otherRegion = createAwsMarketplace({
      region: 'eu-west-1',
      accessKeyId: peer.accessKeyId,
      secretAccessKey: peer.secretAccessKey,
      endpoint: peer.url,
    });
    expect(await refusalOf(otherRegion.resolve(token, null, signal()))).toMatchObject({
      reason: 'unavailable',
    });
    expect(peer.refused.map((f) => f.code)).toEqual([
      'SignatureDoesNotMatch',
      'UnrecognizedClientException',
      'SignatureDoesNotMatch',
    ]);
    // The peer resolved none of them.
    expect(peer.resolved).not.toContain(token);
  });
});
