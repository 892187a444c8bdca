#!/usr/bin/env node
// Secrets never leak: reads what the integration suite's servers logged and answered (captured by
// apps/server/test/secret-capture.ts into SECRET_CAPTURE_DIR, default .reports/secrets) and looks
// for the secrets the suite used:
// - passwords, codes, tokens and secrets sent in requests (fields named like them, bearer tokens,
//   code proofs), and tokens and secrets the answers issued (session tokens, check tokens,
//   authenticator secrets);
// - in every log line: none of them, ever;
// - in every answer: no password, no code (outside the development outbox, which exists to show
//   them), no secret a request stored (an SSO client secret, a private key). One exception: the
//   back office answers a new operator's one-time password once (`oneTimePassword`), in the answer
//   that creates it (or resets it); that answer may hold that password, and no other may. Every
//   log line is searched for it like for any password.
// Writes .reports/secrets.json ({ numPassedTests, numFailedTests, violations }) and exits 1 on a
// leak.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const dir = resolve(process.env.SECRET_CAPTURE_DIR ?? join(root, '.reports/secrets'));
const reportFile = join(root, '.reports/secrets.json');

/** value → kind ('password' | 'code' | 'token' | 'secret' | 'issued') */
const secrets = new Map();

function remember(value, kind) {
  if (typeof value !== 'string') return;
  const v = value.trim();
  if (kind === 'code') {
    // Six-digit codes; codes of one repeated digit are what tests type as wrong codes.
    if (!/^\d{6}$/.test(v) || /^(\d)\1{5}$/.test(v)) return;
  } else if (v.length < 8 || v === '[redacted]') {
    return;
  } else if (kind === 'password' && !/[^A-Za-z]/.test(v)) {
    // A password of letters only ("password") is an ordinary word, not something to find.
    return;
  }
  if (!secrets.has(v) || kind === 'password') secrets.set(v, kind);
}

const passwordKey = /password$/i;
const secretKey = /(secret|privatekey|apikey|apiv3key)$/i;
const codeKey = /^(code|authcode|phoneauthcode|smscode|emailcode|otp)$/i;
const tokenKey = /token$/i;
/** The field of the one answer that may carry a password: the one it issues. */
const oneTimeKey = 'oneTimePassword';

/** Walks a request's or an answer's data and remembers its secrets. */
function collect(value, issued) {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, issued);
    return;
  }
  if (!value || typeof value !== 'object') return;
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string') {
      // An answer's `password` or `code` field is a field error's text, not a secret.
      if (issued) {
        if (key === oneTimeKey) remember(item, 'password');
        else if (secretKey.test(key) || tokenKey.test(key)) remember(item, 'issued');
      } else if (passwordKey.test(key)) remember(item, 'password');
      else if (secretKey.test(key)) remember(item, 'secret');
      else if (codeKey.test(key)) remember(item, 'code');
      else if (tokenKey.test(key)) remember(item, 'token');
    } else {
      collect(item, issued);
    }
  }
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

if (!existsSync(dir)) {
  console.error(`no capture in ${dir}: run the integration tests with SECRET_CAPTURE_DIR set`);
  writeFileSync(
    reportFile,
    JSON.stringify({ numPassedTests: 0, numFailedTests: 1, violations: ['no capture'] }),
  );
  process.exit(1);
}

const files = readdirSync(dir);
const exchanges = [];
for (const file of files.filter((f) => f.endsWith('.jsonl'))) {
  for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
    const entry = line ? parseJson(line) : null;
    if (entry) exchanges.push(entry);
  }
}
for (const entry of exchanges) {
  if (entry.kind === 'request') {
    collect(entry.body, false);
    collect(entry.query, false);
    const bearer = /^Bearer\s+(\S+)/.exec(entry.authorization ?? '');
    if (bearer) remember(bearer[1], 'token');
    for (const part of String(entry.cookie ?? '').split(';')) {
      const value = part.split('=')[1];
      if (value && value.length >= 16) remember(decodeURIComponent(value), 'token');
    }
    remember(entry.authcodetoken, 'token');
  } else if (entry.kind === 'response' && entry.body) {
    collect(parseJson(entry.body), true);
  }
}

function matcher(kinds) {
  const values = [...secrets].filter(([, kind]) => kinds.includes(kind)).map(([value]) => value);
  if (values.length === 0) return null;
  const escaped = values
    .sort((a, b) => b.length - a.length)
    .map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // Whole tokens only: a code must not be a piece of a longer number.
  return new RegExp(`(?<![A-Za-z0-9])(?:${escaped.join('|')})(?![A-Za-z0-9])`, 'g');
}

const violations = [];
const everything = matcher(['password', 'code', 'token', 'secret', 'issued']);
let logLines = 0;
for (const file of files.filter((f) => f.endsWith('.log'))) {
  for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
    if (!line) continue;
    logLines += 1;
    if (!everything) continue;
    everything.lastIndex = 0;
    const found = everything.exec(line);
    if (found) violations.push(`log ${file}: ${secrets.get(found[0])} in ${line.slice(0, 300)}`);
  }
}

/** The one-time passwords an answer issues itself (in its `oneTimePassword` fields). */
function oneTimePasswordsOf(value, into = new Set()) {
  if (Array.isArray(value)) for (const item of value) oneTimePasswordsOf(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === oneTimeKey && typeof item === 'string') into.add(item.trim());
      else oneTimePasswordsOf(item, into);
    }
  }
  return into;
}

const forAnswers = matcher(['password', 'secret']);
const codes = matcher(['code']);
let answers = 0;
for (const entry of exchanges) {
  if (entry.kind !== 'response' || !entry.body) continue;
  answers += 1;
  const where = `${entry.method} ${String(entry.url).split('?')[0]}`;
  if (forAnswers) {
    const issuedHere = oneTimePasswordsOf(parseJson(entry.body));
    forAnswers.lastIndex = 0;
    for (let found = forAnswers.exec(entry.body); found; found = forAnswers.exec(entry.body)) {
      if (issuedHere.has(found[0])) continue;
      violations.push(`answer of ${where}: a ${secrets.get(found[0])} in ${entry.body.slice(0, 300)}`);
      break;
    }
  }
  if (codes && !String(entry.url).startsWith('/api/dev/')) {
    codes.lastIndex = 0;
    const found = codes.exec(entry.body);
    if (found) violations.push(`answer of ${where}: a code in ${entry.body.slice(0, 300)}`);
  }
}

const counts = {};
for (const kind of secrets.values()) counts[kind] = (counts[kind] ?? 0) + 1;
console.log(
  `secrets: ${secrets.size} distinct (${Object.entries(counts)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ')}); ${logLines} log lines and ${answers} answers from ${files.length / 2} servers searched`,
);
for (const violation of violations.slice(0, 50)) console.log(`LEAK ${violation}`);
if (violations.length > 50) console.log(`… and ${violations.length - 50} more`);
const failed = violations.length > 0 ? 1 : 0;
const passed =
  2 -
  (violations.some((v) => v.startsWith('log')) ? 1 : 0) -
  (violations.some((v) => v.startsWith('answer')) ? 1 : 0);
writeFileSync(
  reportFile,
  JSON.stringify({ numPassedTests: passed, numFailedTests: 2 - passed, violations }, null, 2),
);
console.log(`secrets: ${passed} passed, ${2 - passed} failed`);
process.exit(failed);
