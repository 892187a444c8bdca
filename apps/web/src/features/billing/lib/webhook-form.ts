/**
 * The webhook form (spec sections 3 and 5): name 2–40 characters of Chinese, letters, digits or
 * underscore, unique in the account; description at most 200; address (http or https) required;
 * request parameters as JSON with the `${alertMessage}` placeholder; success key (a key or a JSON
 * path such as `$.data.code`) and value required. The same rules as the contract's
 * `ZWebhookInput`, checked on the client before the save; the server's field errors come back to
 * the fields.
 */
import type { TWebhook, TWebhookInput } from '@console/contract';
import { AlertMessagePlaceholder, BillingLimits, webhookNamePattern } from '@console/contract/billing-enums';
import { asApiError } from '@/lib/code-errors';

export type TWebhookFormValues = {
  name: string;
  description: string;
  url: string;
  paramsTemplate: string;
  successKey: string;
  successValue: string;
  isEnabled: boolean;
};

export type TWebhookField = Exclude<keyof TWebhookFormValues, 'isEnabled'>;

/** Keys of the `validation` phrases. */
export type TWebhookError =
  | 'webhookName'
  | 'webhookNameTaken'
  | 'webhookDescription'
  | 'webhookUrl'
  | 'webhookTemplate'
  | 'webhookTemplatePlaceholder'
  | 'webhookSuccessKey'
  | 'webhookSuccessValue';

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
  };
}

const urlPattern = /^https?:\/\/[^\s]+$/i;

/** Whether the template is JSON once the placeholder stands for a message. */
export function isJsonTemplate(template: string): boolean {
  const filled = template.split(AlertMessagePlaceholder).join('alert');
  try {
    const value: unknown = JSON.parse(filled);
    return typeof value === 'object' && value !== null;
  } catch {
    return false;
  }
}

/** What is wrong with one field, or null. `otherNames` are the account's other webhooks' names. */
export function checkWebhookField(
  field: TWebhookField,
  values: TWebhookFormValues,
  otherNames: readonly string[] = [],
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
      if (value.length < 2 || value.length > BillingLimits.webhookTemplateMax || !isJsonTemplate(value)) {
        return 'webhookTemplate';
      }
      return value.includes(AlertMessagePlaceholder) ? null : 'webhookTemplatePlaceholder';
    case 'successKey':
      return value && value.length <= 256 ? null : 'webhookSuccessKey';
    case 'successValue':
      return value && value.length <= 256 ? null : 'webhookSuccessValue';
  }
}

export const webhookFields: readonly TWebhookField[] = [
  'name',
  'description',
  'url',
  'paramsTemplate',
  'successKey',
  'successValue',
];

export function checkWebhookForm(
  values: TWebhookFormValues,
  otherNames: readonly string[] = [],
): TWebhookErrors {
  const errors: TWebhookErrors = {};
  for (const field of webhookFields) {
    const error = checkWebhookField(field, values, otherNames);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The save request: trimmed texts, and the id when editing. */
export function buildWebhookInput(values: TWebhookFormValues, id?: number): TWebhookInput {
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
