import { AlertMessagePlaceholder } from '@console/contract/billing-enums';
import { describe, expect, it } from 'vitest';
import {
  isPrivateAddress,
  parsePath,
  readSuccessValue,
  renderTemplate,
  templateProblem,
  valueText,
} from './webhooks.sender';

/** A template written with @MSG for the placeholder. */
const tpl = (text: string) => text.replaceAll('@MSG', AlertMessagePlaceholder);

describe('webhook templates', () => {
  const message = 'Balance "low"\nline 2 \\ end';

  it('replaces the placeholder by a JSON string, or by escaped text inside a string', () => {
    const bare = JSON.parse(renderTemplate(tpl('{"msgtype":"text","text":{"content":@MSG}}'), message));
    expect(bare.text.content).toBe(message);
    const inside = JSON.parse(renderTemplate(tpl('{"content":"[alert] @MSG (console)"}'), message));
    expect(inside.content).toBe(`[alert] ${message} (console)`);
    const escapedQuote = JSON.parse(renderTemplate(tpl('{"a":"x\\"y","b":@MSG}'), message));
    expect(escapedQuote).toEqual({ a: 'x"y', b: message });
    const twice = JSON.parse(renderTemplate(tpl('{"a":@MSG,"b":"@MSG"}'), 'm'));
    expect(twice).toEqual({ a: 'm', b: 'm' });
  });

  it('names what is wrong with a template', () => {
    expect(templateProblem(tpl('{"content":@MSG}'))).toBeNull();
    expect(templateProblem(tpl('{"content":"@MSG"}'))).toBeNull();
    expect(templateProblem('{"content":"hello"}')).toBe('webhookTemplatePlaceholder');
    expect(templateProblem(tpl('{"content":@MSG'))).toBe('webhookTemplate');
    expect(templateProblem(tpl('@MSG'))).toBe('webhookTemplate');
    expect(templateProblem(tpl('{content: @MSG}'))).toBe('webhookTemplate');
  });
});

describe('success keys', () => {
  const answer = {
    code: 0,
    'a.b': 'literal',
    data: { code: '200', items: [{ ok: true }, { ok: false }], 'x y': { z: null } },
  };

  it('parses JSON paths', () => {
    expect(parsePath('$.data.code')).toEqual(['data', 'code']);
    expect(parsePath('data.items[0].ok')).toEqual(['data', 'items', 0, 'ok']);
    expect(parsePath('$[\'data\']["x y"].z')).toEqual(['data', 'x y', 'z']);
    expect(parsePath('$')).toEqual([]);
    expect(parsePath('$data')).toBeNull();
    expect(parsePath('data[abc]')).toBeNull();
    expect(parsePath('data..code')).toBeNull();
    expect(parsePath('data[0')).toBeNull();
  });

  it('reads a plain key first, then a path, and only own properties', () => {
    expect(readSuccessValue(answer, 'code')).toBe(0);
    expect(readSuccessValue(answer, 'a.b')).toBe('literal');
    expect(readSuccessValue(answer, '$.data.code')).toBe('200');
    expect(readSuccessValue(answer, 'data.items[0].ok')).toBe(true);
    expect(readSuccessValue(answer, 'data.items[1].ok')).toBe(false);
    expect(readSuccessValue(answer, "$.data['x y'].z")).toBeNull();
    expect(readSuccessValue(answer, 'data.items[5].ok')).toBeUndefined();
    expect(readSuccessValue(answer, 'data.missing')).toBeUndefined();
    expect(readSuccessValue(answer, 'constructor')).toBeUndefined();
    expect(readSuccessValue(answer, '__proto__.polluted')).toBeUndefined();
    expect(readSuccessValue(answer, 'data.items.length')).toBeUndefined();
    expect(readSuccessValue([{ ok: 1 }], '$[0].ok')).toBe(1);
  });

  it('compares values as text', () => {
    expect(valueText(0)).toBe('0');
    expect(valueText(true)).toBe('true');
    expect(valueText('ok')).toBe('ok');
    expect(valueText(null)).toBe('null');
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });
});

describe('addresses', () => {
  it('knows internal addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });
});
