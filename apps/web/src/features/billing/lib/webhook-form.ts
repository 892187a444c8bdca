/**
 * The webhook form (spec sections 3 and 5): name 2–40 characters of Chinese, letters, digits or
 * underscore, unique in the account; description at most 200; address (http or https) required;
 * request parameters as JSON with the `${alertMessage}` placeholder; success key (a key or a JSON
 * path such as `$.data.code`) and value required; the signing mode, and its secret: DingTalk and
 * Feishu need the robot's secret (unless one is set for that mode already), Standard Webhooks takes
 * a `whsec_` secret or generates one. The same rules as the contract's `ZWebhookInput` and
 * `signingSecretProblem`, checked on the client before the save; the server's field errors come
 * back to the fields.
 */
import type { TWebhook, TWebhookInput } from '@console/contract';
import {
  AlertMessagePlaceholder,
  BillingLimits,
  signingSecretProblem,
  type TWebhookSigningMode,
  webhookNamePattern,
} from '@console/contract/billing-enums';
import { asApiError } from '@/lib/code-errors';

export type TWebhookFormValues = {
  name: string;
  description: string;
  url: string;
  paramsTemplate: string;
  successKey: string;
  successValue: string;
  isEnabled: boolean;
  signingMode: TWebhookSigningMode;
  /** A new secret; empty keeps the stored one (or generates one for Standard Webhooks). */
  signingSecret: string;
};

export type TWebhookField = Exclude<keyof TWebhookFormValues, 'isEnabled' | 'signingMode'>;

/** What the webhook being edited has stored: whether a secret is set, and for which mode. */
export type TStoredSigning = { signingMode: TWebhookSigningMode; hasSigningSecret: boolean } | null;

/** Keys of the `validation` phrases. */
export type TWebhookError =
  | 'webhookName'
  | 'webhookNameTaken'
  | 'webhookDescription'
  | 'webhookUrl'
  | 'webhookTemplate'
  | 'webhookTemplatePlaceholder'
  | 'webhookSuccessKey'
  | 'webhookSuccessValue'
  | 'webhookSigningSecret';

export type TWebhookErrors = Partial<Record<TWebhookField, TWebhookError>>;

/** The request parameters a new webhook starts with. */
export const defaultParamsTemplate = `{\n  "msgtype": "text",\n  "text": { "content": "${AlertMessagePlaceholder}" }\n}`;

export const emptyWebhookForm: TWebhookFormValues = {
  name: '',
  description: '',
  url: '',
  paramsTemplate: defaultParamsTemplate,
  successKey: '',
  successValue: '',
  isEnabled: true,
  signingMode: 'none',
  signingSecret: '',
};

export function webhookToForm(webhook: TWebhook): TWebhookFormValues {
  return {
    name: webhook.name,
    description: webhook.description,
    url: webhook.url,
    paramsTemplate: webhook.paramsTemplate,
    successKey: webhook.successKey,
    successValue: webhook.successValue,
    isEnabled: webhook.isEnabled,
    signingMode: webhook.signingMode,
    signingSecret: '',
  };
}

/** Whether the stored secret serves the mode chosen (then an empty secret field keeps it). */
export function keepsStoredSecret(values: TWebhookFormValues, stored: TStoredSigning): boolean {
  return stored?.hasSigningSecret === true && stored.signingMode === values.signingMode;
}

const urlPattern = /^https?:\/\/[^\s]+$/i;

/** Whether the template is JSON once the placeholder stands for a message (an object, if `isObject`). */
export function isJsonTemplate(template: string, isObject = false): boolean {
  const filled = template.split(AlertMessagePlaceholder).join('alert');
  try {
    const value: unknown = JSON.parse(filled);
    return typeof value === 'object' && value !== null && !(isObject && Array.isArray(value));
  } catch {
    return false;
  }
}

/** What is wrong with one field, or null. `otherNames` are the account's other webhooks' names. */
export function checkWebhookField(
  field: TWebhookField,
  values: TWebhookFormValues,
  otherNames: readonly string[] = [],
  stored: TStoredSigning = null,
): TWebhookError | null {
  const value = values[field].trim();
  switch (field) {
    case 'name':
      if (!webhookNamePattern.test(value)) return 'webhookName';
      return otherNames.includes(value) ? 'webhookNameTaken' : null;
    case 'description':
      return value.length > BillingLimits.webhookDescriptionMax ? 'webhookDescription' : null;
    case 'url':
      return urlPattern.test(value) && value.length <= BillingLimits.webhookUrlMax ? null : 'webhookUrl';
    case 'paramsTemplate':
      if (
        value.length < 2 ||
        value.length > BillingLimits.webhookTemplateMax ||
        !isJsonTemplate(value, values.signingMode === 'feishu')
      ) {
        return 'webhookTemplate';
      }
      return value.includes(AlertMessagePlaceholder) ? null : 'webhookTemplatePlaceholder';
    case 'successKey':
      return value && value.length <= 256 ? null : 'webhookSuccessKey';
    case 'successValue':
      return value && value.length <= 256 ? null : 'webhookSuccessValue';
    case 'signingSecret':
      if (values.signingMode === 'none') return null;
      if (value) return signingSecretProblem(values.signingMode, value);
      // Standard Webhooks generates one; a robot's secret comes from the robot.
      return values.signingMode === 'standard' || keepsStoredSecret(values, stored)
        ? null
        : 'webhookSigningSecret';
  }
}

export const webhookFields: readonly TWebhookField[] = [
  'name',
  'description',
  'url',
  'paramsTemplate',
  'successKey',
  'successValue',
  'signingSecret',
];

export function checkWebhookForm(
  values: TWebhookFormValues,
  otherNames: readonly string[] = [],
  stored: TStoredSigning = null,
): TWebhookErrors {
  const errors: TWebhookErrors = {};
  for (const field of webhookFields) {
    const error = checkWebhookField(field, values, otherNames, stored);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The save request: trimmed texts, the id when editing, and a secret only when one was typed. */
export function buildWebhookInput(values: TWebhookFormValues, id?: number): TWebhookInput {
  const secret = values.signingMode === 'none' ? '' : values.signingSecret.trim();
  return {
    ...(id === undefined ? {} : { id }),
    name: values.name.trim(),
    description: values.description.trim(),
    url: values.url.trim(),
    channel: 'custom',
    paramsTemplate: values.paramsTemplate.trim(),
    successKey: values.successKey.trim(),
    successValue: values.successValue.trim(),
    isEnabled: values.isEnabled,
    signingMode: values.signingMode,
    ...(secret ? { signingSecret: secret } : {}),
  };
}

/**
 * Inserts the placeholder at the caret (or at the end): answers the new text and the caret after
 * the insertion.
 */
export function insertPlaceholder(
  text: string,
  selectionStart: number | null,
  selectionEnd: number | null = selectionStart,
): { text: string; caret: number } {
  const start = selectionStart ?? text.length;
  const end = selectionEnd ?? start;
  const next = `${text.slice(0, start)}${AlertMessagePlaceholder}${text.slice(end)}`;
  return { text: next, caret: start + AlertMessagePlaceholder.length };
}

/** The server's field errors (already in the page language) by form field; the rest as a message. */
export function readWebhookServerError(error: unknown): {
  fields: Partial<Record<TWebhookField, string>>;
  message: string | null;
} {
  const api = asApiError(error);
  if (!api) return { fields: {}, message: error instanceof Error ? error.message : null };
  const found = (api.data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors ?? {};
  const fields: Partial<Record<TWebhookField, string>> = {};
  const others: string[] = [];
  for (const [path, message] of Object.entries(found)) {
    const field = path.split('.')[0] as TWebhookField;
    if (webhookFields.includes(field)) fields[field] = message;
    else others.push(message);
  }
  const hasFields = Object.keys(fields).length > 0;
  return { fields, message: others[0] ?? (hasFields ? null : api.message || null) };
}
