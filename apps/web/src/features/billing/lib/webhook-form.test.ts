import { AlertMessagePlaceholder as P } from '@console/contract/billing-enums';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  buildWebhookInput,
  checkWebhookField,
  checkWebhookForm,
  emptyWebhookForm,
  insertPlaceholder,
  isJsonTemplate,
  readWebhookServerError,
  type TWebhookFormValues,
} from './webhook-form';

const valid: TWebhookFormValues = {
  ...emptyWebhookForm,
  name: '余额_alert1',
  url: 'https://hooks.example.com/alert',
  successKey: '$.data.code',
  successValue: '0',
};

describe('webhook form (spec section 5)', () => {
  it('accepts a complete form; the default request parameters carry the placeholder', () => {
    expect(checkWebhookForm(valid)).toEqual({});
    expect(emptyWebhookForm.paramsTemplate).toContain(P);
    expect(isJsonTemplate(emptyWebhookForm.paramsTemplate)).toBe(true);
  });

  it('checks the name: 2 to 40 of Chinese, letters, digits, underscore, unique in the account', () => {
    expect(checkWebhookField('name', { ...valid, name: 'a' })).toBe('webhookName');
    expect(checkWebhookField('name', { ...valid, name: 'a'.repeat(41) })).toBe('webhookName');
    expect(checkWebhookField('name', { ...valid, name: 'a'.repeat(40) })).toBeNull();
    expect(checkWebhookField('name', { ...valid, name: 'ops-team' })).toBe('webhookName');
    expect(checkWebhookField('name', { ...valid, name: '运维 群' })).toBe('webhookName');
    expect(checkWebhookField('name', { ...valid, name: '运维群' })).toBeNull();
    expect(checkWebhookField('name', { ...valid, name: 'ops' }, ['ops'])).toBe('webhookNameTaken');
  });

  it('checks the description (at most 200) and the address (http or https)', () => {
    expect(checkWebhookField('description', { ...valid, description: 'x'.repeat(200) })).toBeNull();
    expect(checkWebhookField('description', { ...valid, description: 'x'.repeat(201) })).toBe(
      'webhookDescription',
    );
    expect(checkWebhookField('url', { ...valid, url: '' })).toBe('webhookUrl');
    expect(checkWebhookField('url', { ...valid, url: 'ftp://x' })).toBe('webhookUrl');
    expect(checkWebhookField('url', { ...valid, url: 'http://127.0.0.1:9000/hook' })).toBeNull();
  });

  it('needs the request parameters as JSON with the alert-message placeholder', () => {
    expect(checkWebhookField('paramsTemplate', { ...valid, paramsTemplate: '{"text": ' })).toBe(
      'webhookTemplate',
    );
    expect(checkWebhookField('paramsTemplate', { ...valid, paramsTemplate: '"just text"' })).toBe(
      'webhookTemplate',
    );
    expect(checkWebhookField('paramsTemplate', { ...valid, paramsTemplate: '{"text": "hello"}' })).toBe(
      'webhookTemplatePlaceholder',
    );
    expect(checkWebhookField('paramsTemplate', { ...valid, paramsTemplate: `{"text": "${P}"}` })).toBeNull();
  });

  it('needs the success key (a key or a JSON path) and value', () => {
    expect(checkWebhookForm({ ...valid, successKey: ' ', successValue: '' })).toEqual({
      successKey: 'webhookSuccessKey',
      successValue: 'webhookSuccessValue',
    });
    expect(checkWebhookField('successKey', { ...valid, successKey: 'errcode' })).toBeNull();
  });

  it('builds the save request with trimmed texts and the id when editing', () => {
    expect(buildWebhookInput({ ...valid, name: ' ops ', url: ' https://x.example ' }, 5)).toMatchObject({
      id: 5,
      name: 'ops',
      url: 'https://x.example',
      channel: 'custom',
      successKey: '$.data.code',
      isEnabled: true,
    });
    expect(buildWebhookInput(valid)).not.toHaveProperty('id');
  });

  it('checks the signing secret for the mode: robots need theirs, Standard Webhooks may generate one', () => {
    const standard = { ...valid, signingMode: 'standard' as const };
    expect(checkWebhookField('signingSecret', standard)).toBeNull();
    expect(checkWebhookField('signingSecret', { ...standard, signingSecret: 'whsec_short' })).toBe(
      'webhookSigningSecret',
    );
    expect(
      checkWebhookField('signingSecret', {
        ...standard,
        signingSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      }),
    ).toBeNull();
    const ding = { ...valid, signingMode: 'dingtalk' as const };
    expect(checkWebhookField('signingSecret', ding)).toBe('webhookSigningSecret');
    expect(checkWebhookField('signingSecret', { ...ding, signingSecret: 'SEC0123456789abcdef' })).toBeNull();
    // A secret stored for this mode is kept when the field stays empty; one of another mode is not.
    expect(
      checkWebhookField('signingSecret', ding, [], { signingMode: 'dingtalk', hasSigningSecret: true }),
    ).toBeNull();
    expect(
      checkWebhookField('signingSecret', ding, [], { signingMode: 'feishu', hasSigningSecret: true }),
    ).toBe('webhookSigningSecret');
    // Feishu signs inside the body: the request parameters must be a JSON object.
    const feishu = { ...valid, signingMode: 'feishu' as const, signingSecret: 'nIMtb7r3N9pkXyXdtAbx6e' };
    expect(checkWebhookForm(feishu)).toEqual({});
    expect(checkWebhookField('paramsTemplate', { ...feishu, paramsTemplate: `["${P}"]` })).toBe(
      'webhookTemplate',
    );
    expect(checkWebhookField('paramsTemplate', { ...valid, paramsTemplate: `["${P}"]` })).toBeNull();
  });

  it('sends the mode, and a secret only when one was typed', () => {
    expect(buildWebhookInput({ ...valid, signingMode: 'standard' })).not.toHaveProperty('signingSecret');
    expect(
      buildWebhookInput({ ...valid, signingMode: 'dingtalk', signingSecret: ' SEC0123456789 ' }),
    ).toMatchObject({
      signingMode: 'dingtalk',
      signingSecret: 'SEC0123456789',
    });
    expect(
      buildWebhookInput({ ...valid, signingMode: 'none', signingSecret: 'SEC0123456789' }),
    ).not.toHaveProperty('signingSecret');
  });

  it('inserts the placeholder at the caret', () => {
    expect(insertPlaceholder('{"a": ""}', 7)).toEqual({ text: `{"a": "${P}"}`, caret: 22 });
    expect(insertPlaceholder('ab', null)).toEqual({ text: `ab${P}`, caret: 17 });
    expect(insertPlaceholder('aXXb', 1, 3).text).toBe(`a${P}b`);
  });

  it('brings the server’s field errors back to the fields', () => {
    const error = new ApiError({
      kind: 'http',
      code: 400,
      status: 400,
      path: '/api/portal/billing/webhook/save',
      message: 'Invalid',
      data: { fieldErrors: { name: 'A webhook with this name exists already', other: 'Bad' } },
    });
    expect(readWebhookServerError(error)).toEqual({
      fields: { name: 'A webhook with this name exists already' },
      message: 'Bad',
    });
  });
});
