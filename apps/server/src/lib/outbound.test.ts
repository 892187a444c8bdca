import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { AlertMessagePlaceholder } from '@console/contract/billing-enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook } from '../modules/billing/webhooks/webhooks.sender';
import {
  createOutboundPolicy,
  isAddressAllowed,
  isPrivateAddress,
  OutboundAddressError,
  outboundFetch,
  outboundPolicyOf,
  outboundRefusalOf,
  parseAddress,
} from './outbound';

describe('internal addresses', () => {
  it('reads IPv4 and IPv6 addresses in their canonical forms only', () => {
    expect(parseAddress('10.1.2.3')?.toString()).toBe('10.1.2.3');
    expect(parseAddress('::1')?.toNormalizedString()).toBe('0:0:0:0:0:0:0:1');
    expect(parseAddress('[fe80::1%eth0]')?.toString()).toBe('fe80::1');
    expect(parseAddress('::ffff:127.0.0.1')?.kind()).toBe('ipv6');
    expect(parseAddress('1:2:3:4:5:6:7.8.9.10')?.kind()).toBe('ipv6');
    for (const text of ['example.com', '999.1.1.1', '2130706433', '0x7f.1', '']) {
      expect(parseAddress(text), text).toBeNull();
    }
  });

  it('knows loopback, private, link-local, shared and reserved addresses, IPv4 and IPv6', () => {
    for (const ip of [
      '127.0.0.1',
      '127.255.0.9',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.254',
      '0.0.0.0',
      '0.1.2.3',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'febf::1',
      'fec0::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe', // 169.254.169.254, mapped, in hex
      '::127.0.0.1',
      '64:ff9b::10.0.0.1',
      '2002:7f00:1::', // 6to4 of 127.0.0.1
      '2001::1', // Teredo
      '203.0.113.9', // documentation: never on the internet
      '2001:db8::1',
      'not-an-address',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '100.128.0.1',
      '169.255.0.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::8.8.8.8',
      '2002:808:808::',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });
});

describe('the rule', () => {
  it('allows everything when not restricted (outside production)', () => {
    const open = outboundPolicyOf({ isProduction: false, outbound: { allowHosts: [] } });
    expect(open.isRestricted).toBe(false);
    expect(isAddressAllowed(open, 'localhost', '127.0.0.1')).toBe(true);
  });

  it('in production, allows internal addresses only when a host, address or network is listed', () => {
    const policy = outboundPolicyOf({
      isProduction: true,
      outbound: {
        allowHosts: ['idp.corp.example', '10.1.0.0/16', 'fd00::/8', '192.168.5.5', 'Bad/Entry/99'],
      },
    });
    expect(isAddressAllowed(policy, 'example.com', '93.184.216.34')).toBe(true);
    expect(isAddressAllowed(policy, 'example.com', '127.0.0.1')).toBe(false);
    // by host name (case and a trailing dot do not matter)
    expect(isAddressAllowed(policy, 'IDP.corp.example.', '10.9.9.9')).toBe(true);
    // by network, also for the mapped IPv6 form
    expect(isAddressAllowed(policy, 'x.example', '10.1.200.3')).toBe(true);
    expect(isAddressAllowed(policy, 'x.example', '::ffff:10.1.200.3')).toBe(true);
    expect(isAddressAllowed(policy, 'x.example', '10.2.0.1')).toBe(false);
    expect(isAddressAllowed(policy, 'x.example', 'fd00::7')).toBe(true);
    expect(isAddressAllowed(policy, 'x.example', 'fe80::7')).toBe(false);
    // by address
    expect(isAddressAllowed(policy, 'x.example', '192.168.5.5')).toBe(true);
    expect(isAddressAllowed(policy, 'x.example', '192.168.5.6')).toBe(false);
  });

  it('finds its refusal among the causes of an error', () => {
    const refusal = new OutboundAddressError('localhost', '127.0.0.1');
    const wrapped = new Error('something went wrong', { cause: new Error('fetch', { cause: refusal }) });
    expect(outboundRefusalOf(wrapped)).toBe(refusal);
    expect(outboundRefusalOf(new Error('other'))).toBeNull();
    expect(refusal.message).toMatch(/OUTBOUND_ALLOW_HOSTS/);
  });
});

describe('outboundFetch', () => {
  let server: Server;
  let port: number;
  const seen: { method: string; url: string; body: string; headers: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({
          method: req.method ?? '',
          url: req.url ?? '',
          body: Buffer.concat(chunks).toString('utf8'),
          headers: req.headers,
        });
        if (req.url === '/json') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"ok":true,"code":0}');
        } else if (req.url === '/gzip') {
          res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
          res.end(gzipSync('compressed text'));
        } else if (req.url === '/to-json') {
          res.writeHead(302, { location: '/json' });
          res.end();
        } else if (req.url === '/to-internal') {
          res.writeHead(302, { location: `http://127.0.0.2:${port}/json` });
          res.end();
        } else if (req.url === '/big') {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end('x'.repeat(5000));
        } else if (req.url === '/empty') {
          res.writeHead(204);
          res.end();
        } else {
          res.writeHead(404);
          res.end('not found');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const open = outboundFetch(createOutboundPolicy({ isRestricted: false }));

  it('answers a standard Response: status, headers, JSON, decoded bodies, posted forms', async () => {
    const json = await open(`http://127.0.0.1:${port}/json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toBe('application/json');
    expect(await json.json()).toEqual({ ok: true, code: 0 });
    expect(await (await open(`http://127.0.0.1:${port}/gzip`)).text()).toBe('compressed text');
    expect((await open(`http://127.0.0.1:${port}/nothing`)).status).toBe(404);
    expect((await open(`http://127.0.0.1:${port}/empty`)).status).toBe(204);
    await open(`http://127.0.0.1:${port}/json`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'abc' }),
      headers: { authorization: 'Basic eDp5' },
    });
    const post = seen.at(-1);
    expect(post?.method).toBe('POST');
    expect(post?.body).toBe('grant_type=authorization_code&code=abc');
    expect(post?.headers['content-type']).toMatch(/application\/x-www-form-urlencoded/);
    expect(post?.headers.authorization).toBe('Basic eDp5');
  });

  it('follows redirects, or answers them with redirect: manual', async () => {
    expect(await (await open(`http://127.0.0.1:${port}/to-json`)).json()).toEqual({ ok: true, code: 0 });
    const manual = await open(`http://127.0.0.1:${port}/to-json`, { redirect: 'manual' });
    expect(manual.status).toBe(302);
    expect(manual.headers.get('location')).toBe('/json');
  });

  it('caps the answer and honours the abort signal', async () => {
    const small = outboundFetch(createOutboundPolicy({ isRestricted: false }), { maxBytes: 1000 });
    await expect(small(`http://127.0.0.1:${port}/big`)).rejects.toMatchObject({
      code: 'OUTBOUND_ANSWER_TOO_LARGE',
    });
    const controller = new AbortController();
    controller.abort(Object.assign(new Error('stop'), { name: 'TimeoutError' }));
    await expect(open(`http://127.0.0.1:${port}/json`, { signal: controller.signal })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    await expect(open('ftp://127.0.0.1/x')).rejects.toThrow(/http/);
  });

  it('in production, refuses internal addresses: literal, resolved from a name, and after a redirect', async () => {
    const strict = outboundFetch(createOutboundPolicy({ isRestricted: true }));
    const before = seen.length;
    for (const url of [
      `http://127.0.0.1:${port}/json`,
      `http://[::1]:${port}/json`,
      'http://10.0.0.1/x',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:127.0.0.1]/x',
      // other spellings of 127.0.0.1 (the URL parser normalises them)
      'http://2130706433/x',
      'http://0x7f.0.0.1/x',
      `http://localhost:${port}/json`,
    ]) {
      const error = await strict(url).catch((e: unknown) => e);
      expect(outboundRefusalOf(error), url).toBeInstanceOf(OutboundAddressError);
    }
    // Nothing reached the server.
    expect(seen.length).toBe(before);

    // Allowed by address: the redirect to another internal address is checked again.
    const byAddress = outboundFetch(createOutboundPolicy({ isRestricted: true, allowHosts: ['127.0.0.1'] }));
    expect(await (await byAddress(`http://127.0.0.1:${port}/json`)).json()).toEqual({ ok: true, code: 0 });
    const redirected = await byAddress(`http://127.0.0.1:${port}/to-internal`).catch((e: unknown) => e);
    expect(outboundRefusalOf(redirected)?.address).toBe('127.0.0.2');

    // Allowed by host name (resolved at connect time) and by network.
    const byName = outboundFetch(createOutboundPolicy({ isRestricted: true, allowHosts: ['localhost'] }));
    const viaName = await byName(`http://localhost:${port}/json`).catch((e: unknown) => e);
    // localhost may resolve to ::1 first where nothing listens: a refusal is what must not happen.
    expect(outboundRefusalOf(viaName)).toBeNull();
    const byNetwork = outboundFetch(
      createOutboundPolicy({ isRestricted: true, allowHosts: ['127.0.0.0/8'] }),
    );
    expect((await byNetwork(`http://127.0.0.1:${port}/json`)).status).toBe(200);
  });
});

describe('webhooks follow the same rule', () => {
  let receiver: Server;
  let port: number;
  let received = 0;
  beforeAll(async () => {
    receiver = createServer((_req, res) => {
      received += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"code":0}');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(async () => {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  const send = (url: string, options: { allowPrivate: boolean; allowHosts?: string[] }) =>
    sendWebhook(
      { url, paramsTemplate: `{"text": ${AlertMessagePlaceholder}}`, successKey: 'code', successValue: '0' },
      'balance low',
      { timeoutMs: 2_000, attempt: { messageId: 'msg_1', time: new Date() }, ...options },
    );

  it('refuses internal addresses where they are not allowed, unless OUTBOUND_ALLOW_HOSTS names them', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/hook`,
      `http://localhost:${port}/hook`,
      'http://10.0.0.1/hook',
    ]) {
      expect(await send(url, { allowPrivate: false }), url).toEqual({
        isSuccess: false,
        responseStatus: null,
        error: 'address not allowed',
        // The words for the user: which host the rule refused.
        failure: { reason: 'notAllowed', host: new URL(url).hostname, port: new URL(url).port || '80' },
      });
    }
    expect(received).toBe(0);
    expect(
      await send(`http://127.0.0.1:${port}/hook`, { allowPrivate: false, allowHosts: ['127.0.0.0/8'] }),
    ).toEqual({
      isSuccess: true,
      responseStatus: 200,
      error: null,
    });
    expect((await send(`http://127.0.0.1:${port}/hook`, { allowPrivate: true })).isSuccess).toBe(true);
    expect(received).toBe(2);
  });
});
