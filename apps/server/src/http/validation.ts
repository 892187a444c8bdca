/** Turns zod issues into `fieldErrors` in the request's language. The input is never echoed. */
import type { TLanguage } from '@console/contract/enums';
import type { z } from 'zod';
import { translateValidation } from '../i18n';

type TIssue = z.core.$ZodIssue;

function messageOf(lang: TLanguage, issue: TIssue): string {
  if (issue.message.startsWith('validation.')) return translateValidation(lang, issue.message);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? translateValidation(lang, 'required')
        : translateValidation(lang, 'invalidType', { expected: issue.expected });
    case 'too_small':
      return issue.origin === 'string'
        ? translateValidation(lang, 'tooShort', { minimum: issue.minimum })
        : translateValidation(lang, 'tooSmall', { minimum: issue.minimum });
    case 'too_big':
      return issue.origin === 'string'
        ? translateValidation(lang, 'tooLong', { maximum: issue.maximum })
        : translateValidation(lang, 'tooBig', { maximum: issue.maximum });
    case 'invalid_format':
      return translateValidation(lang, 'invalidFormat');
    case 'invalid_value':
      return translateValidation(lang, 'invalidValue');
    default:
      return translateValidation(lang, 'invalid');
  }
}

/**
 * Fields named at most: a list of 100,000 wrong items is answered with its first errors, not with
 * a body many times the size of the request.
 */
export const maxFieldErrors = 50;

export function fieldErrorsOf(
  lang: TLanguage,
  issues: readonly TIssue[],
  where: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  let count = 0;
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : where;
    if (Object.hasOwn(out, field)) continue;
    if (count >= maxFieldErrors) break;
    out[field] = messageOf(lang, issue);
    count += 1;
  }
  return out;
}
