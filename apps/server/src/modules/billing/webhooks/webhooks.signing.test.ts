import { signingSecretProblem, standardSecretPrefix } from '@console/contract/billing-enums';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../../lib/secret-box';
import {
  dingtalkSign,
  dingtalkSignedUrl,
  feishuSign,
  feishuSignedBody,
  generateStandardSecret,
  newMessageId,
  openSigning,
  signRequest,
  standardSignature,
} from './webhooks.signing';

describe('Standard Webhooks signatures', () => {
  it('matches the published example (secret, id, timestamp, body → signature)', () => {
    // The example of the Standard Webhooks / Svix documentation.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const signature = standardSignature(
      secret,
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      1614265330,
      '{"test": 2432232314}',
    );
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    // The official library signs the same.
    expect(
      new Webhook(secret).sign(
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        new Date(1614265330 * 1000),
        '{"test": 2432232314}',
      ),
    ).toBe(signature);
  });

  it('generates whsec_ secrets of 32 random bytes that the official library takes', () => {
    const secret = generateStandardSecret();
    expect(secret.startsWith(standardSecretPrefix)).toBe(true);
    expect(Buffer.from(secret.slice(standardSecretPrefix.length), 'base64')).toHaveLength(32);
    expect(signingSecretProblem('standard', secret)).toBeNull();
    expect(generateStandardSecret()).not.toBe(secret);
    // A request signed now verifies at a receiver using the official verifier, with UTF-8 bodies.
    const time = new Date();
    const body = JSON.stringify({ text: '余额不足 — balance low' });
    const request = signRequest(
      'https://hooks.example.com/a',
      body,
      { mode: 'standard', secret },
      {
        messageId: 'msg_test',
        time,
      },
    );
    expect(request.url).toBe('https://hooks.example.com/a');
    expect(request.body).toBe(body);
    expect(request.headers['webhook-id']).toBe('msg_test');
    expect(request.headers['webhook-timestamp']).toBe(String(Math.floor(time.getTime() / 1000)));
    expect(new Webhook(secret).verify(request.body, request.headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateStandardSecret()).verify(request.body, request.headers)).toThrow();
    expect(() => new Webhook(secret).verify(`${body} `, request.headers)).toThrow();
  });

  it('gives every delivery an id of its own, without the dot the signature joins with', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newMessageId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
  });
});

describe('DingTalk robot signatures (加签)', () => {
  // Expected values computed with DingTalk's published Python sample:
  // quote_plus(b64encode(hmac.new(secret, f"{timestamp}\n{secret}", sha256).digest())).
  const secret = 'SEC4f3c3e5b2a1d0c9b8a7f6e5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5';
  const timestamp = 1577836800000;

  it('signs "{timestamp}\\n{secret}" with the secret, base64, URL-encoded in the query', () => {
    expect(dingtalkSign(secret, timestamp)).toBe('ObonIGC4Bqdj4E/wZ1V7h3ZU7EzI3DRaHQkiwweQPO8=');
    expect(
      dingtalkSignedUrl('https://oapi.dingtalk.com/robot/send?access_token=abc%2Bdef', secret, timestamp),
    ).toBe(
      'https://oapi.dingtalk.com/robot/send?access_token=abc%2Bdef&timestamp=1577836800000&sign=ObonIGC4Bqdj4E%2FwZ1V7h3ZU7EzI3DRaHQkiwweQPO8%3D',
    );
  });

  it('replaces a timestamp and sign already in the address, and keeps the rest as written', () => {
    const url = dingtalkSignedUrl(
      'http://127.0.0.1:8080/robot?timestamp=1&access_token=x&sign=old#frag',
      secret,
      timestamp,
    );
    const parsed = new URL(url);
    expect(parsed.searchParams.getAll('timestamp')).toEqual(['1577836800000']);
    expect(parsed.searchParams.getAll('sign')).toEqual(['ObonIGC4Bqdj4E/wZ1V7h3ZU7EzI3DRaHQkiwweQPO8=']);
    expect(parsed.searchParams.get('access_token')).toBe('x');
    expect(dingtalkSignedUrl('http://h/robot', secret, timestamp)).toBe(
      'http://h/robot?timestamp=1577836800000&sign=ObonIGC4Bqdj4E%2FwZ1V7h3ZU7EzI3DRaHQkiwweQPO8%3D',
    );
  });

  it('signs the attempt time in milliseconds, and leaves the body alone', () => {
    const body = '{"msgtype":"text","text":{"content":"hi"}}';
    const request = signRequest(
      'https://oapi.dingtalk.com/robot/send?access_token=t',
      body,
      { mode: 'dingtalk', secret },
      {
        messageId: 'msg_1',
        time: new Date(timestamp),
      },
    );
    expect(request.body).toBe(body);
    expect(request.url).toContain(
      '&timestamp=1577836800000&sign=ObonIGC4Bqdj4E%2FwZ1V7h3ZU7EzI3DRaHQkiwweQPO8%3D',
    );
    expect(request.headers['webhook-signature']).toBeUndefined();
    expect(request.headers['webhook-id']).toBe('msg_1');
  });
});

describe('Feishu/Lark bot signatures (签名校验)', () => {
  // Expected value computed with Feishu's published Python sample:
  // b64encode(hmac.new(f"{timestamp}\n{secret}".encode(), digestmod=sha256).digest()).
  const secret = 'demo-feishu-secret';
  const timestamp = 1599360473;

  it('keys the HMAC with "{timestamp}\\n{secret}" over an empty message', () => {
    expect(feishuSign(secret, timestamp)).toBe('I14G+BylJBIS1VqI4nUg1mKqMAjMGZlFJGT36IJRUr8=');
  });

  it('puts timestamp (seconds, as text) and sign into the JSON body', () => {
    const body = feishuSignedBody(
      '{"msg_type":"text","content":{"text":"hi"},"sign":"forged","timestamp":1}',
      secret,
      timestamp,
    );
    expect(JSON.parse(body)).toEqual({
      timestamp: '1599360473',
      sign: 'I14G+BylJBIS1VqI4nUg1mKqMAjMGZlFJGT36IJRUr8=',
      msg_type: 'text',
      content: { text: 'hi' },
    });
    expect(() => feishuSignedBody('[1,2]', secret, timestamp)).toThrow();
    const request = signRequest(
      'https://open.feishu.cn/open-apis/bot/v2/hook/x',
      '{"a":1}',
      { mode: 'feishu', secret },
      {
        messageId: 'msg_2',
        time: new Date(timestamp * 1000 + 999),
      },
    );
    expect(JSON.parse(request.body)).toMatchObject({ timestamp: '1599360473', a: 1 });
    expect(request.url).toBe('https://open.feishu.cn/open-apis/bot/v2/hook/x');
  });
});

describe('secrets', () => {
  it('sends nothing when a mode needs a secret that is missing or does not open', () => {
    expect(() =>
      signRequest(
        'http://h/',
        '{}',
        { mode: 'standard', secret: null },
        { messageId: 'm', time: new Date() },
      ),
    ).toThrow();
    const box = createSecretBox('one key of at least thirty-two characters');
    const other = createSecretBox('another key of at least thirty-two chars');
    const sealed = box.seal('SEC0123456789abcdef');
    expect(openSigning(box, { mode: 'dingtalk', sealedSecret: sealed })).toEqual({
      mode: 'dingtalk',
      secret: 'SEC0123456789abcdef',
    });
    expect(openSigning(other, { mode: 'dingtalk', sealedSecret: sealed })).toEqual({
      mode: 'dingtalk',
      secret: null,
    });
    expect(openSigning(box, { mode: 'none', sealedSecret: sealed })).toEqual({ mode: 'none', secret: null });
    // No signing: the id and the timestamp only.
    const plain = signRequest(
      'http://h/',
      '{}',
      { mode: 'none', secret: null },
      {
        messageId: 'msg_3',
        time: new Date(1_700_000_000_500),
      },
    );
    expect(plain.headers).toEqual({ 'webhook-id': 'msg_3', 'webhook-timestamp': '1700000000' });
  });

  it('takes only secrets the mode can use', () => {
    expect(signingSecretProblem('standard', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBeNull();
    expect(signingSecretProblem('standard', 'whsec_c2hvcnQ=')).toBe('webhookSigningSecret');
    expect(signingSecretProblem('standard', 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBe('webhookSigningSecret');
    expect(signingSecretProblem('standard', 'whsec_not base64!')).toBe('webhookSigningSecret');
    expect(signingSecretProblem('standard', `whsec_${Buffer.alloc(65).toString('base64')}`)).toBe(
      'webhookSigningSecret',
    );
    expect(signingSecretProblem('dingtalk', 'SEC0123456789abcdef')).toBeNull();
    expect(signingSecretProblem('dingtalk', '0123456789abcdef')).toBe('webhookSigningSecret');
    expect(signingSecretProblem('feishu', 'nIMtb7r3N9pkXyXdtAbx6e')).toBeNull();
    expect(signingSecretProblem('feishu', 'short')).toBe('webhookSigningSecret');
    expect(signingSecretProblem('feishu', 'with a space')).toBe('webhookSigningSecret');
    expect(signingSecretProblem('none', 'SEC0123456789abcdef')).toBe('webhookSigningSecret');
  });
});
