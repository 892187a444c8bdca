/**
 * The generic Tencent Cloud peer, called by the official SDK's CommonClient: it dispatches on the
 * action to the handler registered for it, and answers errors as Tencent Cloud does (HTTP 200 with
 * `Response.Error`), which the SDK turns into errors with the provider's code.
 */
import { CommonClient } from 'tencentcloud-sdk-nodejs-common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTencentCloudPeer, type TTencentCloudPeer } from './tencent-cloud';

let peer: TTencentCloudPeer;
const secrets = { AKIDPeerTest0001: 'peer-test-secret-0123456789' };

beforeAll(async () => {
  peer = await startTencentCloudPeer({
    secrets,
    handlers: {
      Echo: (params, call) => ({ Echoed: params.Value, Version: call.version }),
      Refuse: () => ({ error: { Code: 'FailedOperation.Example', Message: 'refused' } }),
    },
  });
});
afterAll(() => peer.close());

const client = (secretKey = secrets.AKIDPeerTest0001) =>
  new CommonClient('127.0.0.1', '2021-01-11', {
    credential: { secretId: 'AKIDPeerTest0001', secretKey },
    region: 'ap-guangzhou',
    profile: { httpProfile: { endpoint: peer.url.replace('http://', ''), protocol: 'http://' } },
  });

describe('the generic Tencent Cloud peer', () => {
  it('answers a signed call through the handler of its action, with a RequestId', async () => {
    const answer = (await client().request('Echo', { Value: 'x' })) as Record<string, unknown>;
    expect(answer).toMatchObject({ Echoed: 'x', Version: '2021-01-11', RequestId: expect.any(String) });
    expect(peer.calls.at(-1)).toMatchObject({
      action: 'Echo',
      region: 'ap-guangzhou',
      params: { Value: 'x' },
    });
  });

  it('answers a handler’s error, an unknown action and a wrong signature as Response.Error', async () => {
    await expect(client().request('Refuse', {})).rejects.toMatchObject({ code: 'FailedOperation.Example' });
    await expect(client().request('Nothing', {})).rejects.toMatchObject({ code: 'InvalidAction' });
    await expect(client('another-secret-0123456789').request('Echo', {})).rejects.toMatchObject({
      code: 'AuthFailure.SignatureFailure',
    });
    // Recorded as refused, and no handler ran.
    expect(peer.calls.at(-1)).toMatchObject({
      action: 'Echo',
      signatureFailure: 'AuthFailure.SignatureFailure',
    });
  });
});
