/**
 * Outbound requests to addresses that account administrators give (SAML metadata URLs, OpenID
 * issuers and everything their discovery names, webhooks). Where the rule applies (production
 * mode; for webhooks, unless `WEBHOOK_ALLOW_PRIVATE`), such a request may not reach a loopback,
 * private, link-local, shared, multicast or otherwise internal address, unless the operator's
 * allow-list (`OUTBOUND_ALLOW_HOSTS`: host names, IP addresses, CIDRs) names the host, the address
 * or a network containing it.
 *
 * The check runs where the connection is made: the resolver's answers are checked, every one of
 * them, and the connection uses one of the checked answers, so a name that resolves to an
 * internal address (or is re-pointed at one after a first check: DNS rebinding) is refused too.
 * Literal IP hosts are checked before connecting. Addresses and ranges are ipaddr.js's;
 * `outboundFetch` is undici's fetch with that resolver and a connection pool of its own per
 * request, redirects followed only through the same check, and a cap on the answer's size.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch } from 'undici';

// ---------------------------------------------------------------------------------------------
// Addresses (ipaddr.js: parsing, special ranges, CIDR matching)

type TAddress = ipaddr.IPv4 | ipaddr.IPv6;
type TNetwork = [TAddress, number];

const nat64 = ipaddr.parseCIDR('64:ff9b::/96');

/** The address of `ip` (brackets and an IPv6 zone allowed), or null when it is not one. */
export function parseAddress(ip: string): TAddress | null {
  const text = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  // Only the canonical forms: `isValid` also takes `0x7f.1` and `2130706433`, which the resolver
  // answers never carry and literal hosts are checked in their URL-parsed (canonical) form.
  if (!ipaddr.IPv4.isValidFourPartDecimal(text) && !(text.includes(':') && ipaddr.IPv6.isValid(text))) {
    return null;
  }
  return ipaddr.parse(text);
}

/** An IPv4 address carried in IPv6 (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d, 6to4 2002:AABB:CCDD::), or null. */
function embeddedV4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  const bytes = address.toByteArray();
  if (address.match(nat64)) return new ipaddr.IPv4(bytes.slice(12, 16));
  if (address.range() === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/** The address as the rule judges it: an IPv4 address carried in IPv6 is that IPv4 address. */
function effective(address: TAddress): TAddress {
  return address.kind() === 'ipv6' ? (embeddedV4(address as ipaddr.IPv6) ?? address) : address;
}

/**
 * Loopback, private, link-local, shared, benchmarking, documentation, multicast, reserved or
 * unspecified: any address outside ipaddr.js's `unicast` range, IPv4 and IPv6 (also an IPv4
 * address carried in IPv6: mapped, NAT64, 6to4; and the deprecated IPv4-compatible ::a.b.c.d).
 * Text that is not an IP address counts as internal.
 */
export function isPrivateAddress(ip: string): boolean {
  const parsed = parseAddress(ip);
  if (!parsed) return true;
  const address = effective(parsed);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) {
    return true;
  }
  return address.range() !== 'unicast';
}

// ---------------------------------------------------------------------------------------------
// The rule

export type TOutboundPolicy = {
  /** Whether internal addresses are refused at all (production mode). */
  isRestricted: boolean;
  /** Host names (lower case, without a trailing dot), addresses and networks allowed anyway. */
  hosts: ReadonlySet<string>;
  networks: readonly TNetwork[];
  /** The allow-list as given, for cache keys and messages. */
  allowHosts: readonly string[];
};

function hostKey(host: string): string {
  return host
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

/**
 * The rule from its settings. `allowHosts` entries are host names (`idp.corp.example`), IP
 * addresses (`10.1.2.3`, `fd00::5`) or CIDRs (`10.1.0.0/16`, `fd00::/8`); an entry that is none of
 * them is read as a host name.
 */
export function createOutboundPolicy(input: {
  isRestricted: boolean;
  allowHosts?: readonly string[];
}): TOutboundPolicy {
  const allowHosts = (input.allowHosts ?? []).map((entry) => entry.trim()).filter(Boolean);
  const hosts = new Set<string>();
  const networks: TNetwork[] = [];
  for (const entry of allowHosts) {
    const cidr = /^(.+)\/(\d{1,3})$/.exec(entry);
    const address = parseAddress(cidr ? (cidr[1] as string) : entry);
    const width = address?.kind() === 'ipv4' ? 32 : 128;
    const prefix = cidr ? Number(cidr[2]) : width;
    if (!address || prefix > width) {
      hosts.add(hostKey(entry));
      continue;
    }
    networks.push([address, prefix]);
    // An IPv4-mapped entry (::ffff:10.0.0.0/104) names the IPv4 addresses too.
    if (address.kind() === 'ipv6' && prefix >= 96 && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
      networks.push([(address as ipaddr.IPv6).toIPv4Address(), prefix - 96]);
    }
  }
  return { isRestricted: input.isRestricted, hosts, networks, allowHosts };
}

/** The rule of SAML metadata and OpenID issuers: restricted in production mode. */
export function outboundPolicyOf(config: {
  isProduction: boolean;
  outbound: { allowHosts: readonly string[] };
}): TOutboundPolicy {
  return createOutboundPolicy({ isRestricted: config.isProduction, allowHosts: config.outbound.allowHosts });
}

/** A request the rule refuses; `host` and `address` say what (never a secret). */
export class OutboundAddressError extends Error {
  readonly code = 'OUTBOUND_ADDRESS_NOT_ALLOWED';
  readonly host: string;
  readonly address: string;

  constructor(host: string, address: string) {
    super(
      `the address ${address} of ${host} is loopback, private or link-local and is not allowed (OUTBOUND_ALLOW_HOSTS)`,
    );
    this.name = 'OutboundAddressError';
    this.host = host;
    this.address = address;
  }
}

/** The refusal of the rule in an error or in one of its causes, if any. */
export function outboundRefusalOf(error: unknown): OutboundAddressError | null {
  for (let link: unknown = error, depth = 0; link && depth < 6; depth += 1) {
    if (link instanceof OutboundAddressError) return link;
    link = (link as { cause?: unknown }).cause;
  }
  return null;
}

/** Whether the rule lets `host` connect to `address`. */
export function isAddressAllowed(policy: TOutboundPolicy, host: string, address: string): boolean {
  if (!policy.isRestricted || !isPrivateAddress(address)) return true;
  if (policy.hosts.has(hostKey(host))) return true;
  const parsed = parseAddress(address);
  if (!parsed) return false;
  const candidates = [parsed, effective(parsed)];
  return policy.networks.some(([network, prefix]) =>
    candidates.some((c) => c.kind() === network.kind() && c.match(network, prefix)),
  );
}

/** Throws OutboundAddressError when the host is a literal IP address the rule refuses. */
export function checkLiteralHost(policy: TOutboundPolicy, hostname: string): void {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isAddressAllowed(policy, host, host)) throw new OutboundAddressError(host, host);
}

type TLookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A resolver for node:net, node:http and node:https connections (`lookup` option) that resolves
 * every address of the name and refuses the connection when the rule refuses any of them.
 */
export function outboundLookup(
  policy: TOutboundPolicy,
): (hostname: string, options: { all?: boolean; family?: number }, callback: TLookupCallback) => void {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '');
        return;
      }
      const list = addresses as LookupAddress[];
      const refused = list.find((a) => !isAddressAllowed(policy, hostname, a.address));
      if (list.length === 0 || refused) {
        callback(new OutboundAddressError(hostname, refused?.address ?? '(none)'), '');
        return;
      }
      const first = list[0] as LookupAddress;
      if (options.all) callback(null, list);
      else callback(null, first.address, first.family);
    });
  };
}

// ---------------------------------------------------------------------------------------------
// fetch (undici, with the checked resolver)

export type TOutboundFetchInit = {
  method?: string;
  headers?: HeadersInit | Record<string, string>;
  body?: string | URLSearchParams | Uint8Array | ArrayBuffer | null;
  signal?: AbortSignal | null;
  redirect?: RequestRedirect;
};

export type TOutboundFetch = (input: string | URL, init?: TOutboundFetchInit) => Promise<Response>;

const defaultMaxBytes = 5 * 1024 * 1024;
const maxRedirects = 5;
const nullBodyStatuses = new Set([101, 204, 205, 304]);

/** The body read, at most `maxBytes` of it (decoded: undici undoes gzip, deflate and br). */
async function readCapped(response: Awaited<ReturnType<typeof undiciFetch>>, maxBytes: number) {
  if (!response.body) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      throw Object.assign(new Error(`the answer is larger than ${maxBytes} bytes`), {
        code: 'OUTBOUND_ANSWER_TOO_LARGE',
      });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * A `fetch` whose connections follow the rule (see the module comment), on undici with the checked
 * resolver and a connection pool of its own per request. Redirects are followed (at most five,
 * each host checked again) unless `redirect` is `manual` (the 3xx is answered) or `error`. Answers
 * a standard Response with the body read and decoded (at most `maxBytes`).
 */
export function outboundFetch(policy: TOutboundPolicy, options: { maxBytes?: number } = {}): TOutboundFetch {
  const maxBytes = options.maxBytes ?? defaultMaxBytes;
  return async (input, init = {}) => {
    let url = new URL(String(input));
    let method = (init.method ?? 'GET').toUpperCase();
    let body = init.body ?? null;
    const headers = new Headers(init.headers as HeadersInit | undefined);
    if (!headers.has('user-agent')) headers.set('user-agent', 'console-outbound/1');
    const redirect = init.redirect ?? 'follow';
    for (let hop = 0; ; hop += 1) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new TypeError(`only http and https addresses can be fetched, not ${url.protocol}`);
      }
      // A literal IP host connects without the resolver: it is checked here, at every hop.
      checkLiteralHost(policy, url.hostname);
      const agent = new Agent({ connect: { lookup: outboundLookup(policy) as never } });
      const plainHeaders: Record<string, string> = {};
      headers.forEach((value, name) => {
        plainHeaders[name] = value;
      });
      try {
        const answer = await undiciFetch(url, {
          method,
          headers: plainHeaders,
          body: body as never,
          redirect: 'manual',
          signal: init.signal ?? null,
          dispatcher: agent,
        });
        const location = answer.headers.get('location');
        const isRedirect = answer.status >= 300 && answer.status <= 399 && location !== null;
        if (!isRedirect || redirect === 'manual') {
          const bytes =
            nullBodyStatuses.has(answer.status) || method === 'HEAD'
              ? null
              : await readCapped(answer, maxBytes);
          const out = new Headers(answer.headers as unknown as HeadersInit);
          // The body is decoded already: the headers no longer describe its encoding or length.
          out.delete('content-encoding');
          out.delete('content-length');
          return new Response(bytes ? new Uint8Array(bytes) : null, {
            status: answer.status,
            statusText: answer.statusText,
            headers: out,
          });
        }
        await answer.body?.cancel();
        if (redirect === 'error') throw new TypeError(`redirected to ${location}`);
        if (hop >= maxRedirects) throw new TypeError('too many redirects');
        const next = new URL(location as string, url);
        if (next.origin !== url.origin) headers.delete('authorization');
        url = next;
        if (
          answer.status === 303 ||
          ((answer.status === 301 || answer.status === 302) && method === 'POST')
        ) {
          method = 'GET';
          body = null;
          headers.delete('content-type');
        }
      } finally {
        await agent.close();
      }
    }
  };
}
