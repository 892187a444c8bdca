/**
 * Tells the customer the outcome of a review (after the act's commit, so that a message never tells
 * of a decision that did not happen): the user who submitted the item, by the edition's usual
 * channel first (international: e-mail, then SMS; domestic: SMS, then e-mail), each only when the
 * user has that contact and the installation can send by it. The words are the edition's language;
 * a refusal carries the chosen reason's words and the operator's own. A send that fails leaves the
 * decision as it is (the answer says the customer was not told).
 */
import type { TLanguage } from '@console/contract/enums';
import type { TOpsReviewKind, TOpsReviewOutcome } from '@console/contract/ops';
import { interpolate, serverPhrases } from '@console/phrases/server';
import type { FastifyBaseLogger } from 'fastify';
import { adapterStates } from '../../adapters/registry';
import type { TDeps } from '../../context';
import { requireUser } from '../mfa';
import { deliverMessage, emailTarget, phoneTarget, type TMessage } from '../verification';

export type TReviewNotice = {
  kind: TOpsReviewKind;
  accountId: number;
  userId: number | null;
  outcome: 'approved' | 'confirmed' | 'refused';
  /** A refusal: the chosen reason's code (its words in the phrases) and the operator's words. */
  reasonCode: string | null;
  note: string | null;
  /** Remittances: the amount, formatted (`1234.50`). */
  amount?: string;
};

function languageOf(deps: TDeps): TLanguage {
  return deps.config.edition === 'international' ? 'en-US' : 'zh-CN';
}

/** The chosen reason's words in `lang`, with the operator's own words after them. */
export function reasonText(
  lang: TLanguage,
  kind: TOpsReviewKind,
  reasonCode: string | null,
  note: string | null,
): string {
  const words = (serverPhrases[lang].certification.reviewReasons[kind] as Record<string, string>)[
    reasonCode ?? ''
  ];
  const parts = [reasonCode === 'other' ? null : words, note].filter((p): p is string => Boolean(p));
  return parts.join(lang === 'zh-CN' ? '：' : ': ');
}

export async function tellCustomer(
  deps: TDeps,
  notice: TReviewNotice,
  log: FastifyBaseLogger,
): Promise<TOpsReviewOutcome['notice']> {
  if (notice.userId === null) return { isSent: false, channel: null };
  const user = await requireUser(deps, notice.accountId, notice.userId).catch(() => null);
  if (!user) return { isSent: false, channel: null };
  const states = adapterStates(deps.config);
  const byEmail = user.email && states.email !== 'unconfigured' ? ('email' as const) : null;
  const bySms = user.phone && states.sms !== 'unconfigured' ? ('sms' as const) : null;
  const channel = deps.config.edition === 'international' ? (byEmail ?? bySms) : (bySms ?? byEmail);
  if (!channel) return { isSent: false, channel: null };
  const lang = languageOf(deps);
  const mail = serverPhrases[lang].mail;
  const words = mail.reviewOutcome;
  const values = {
    brand: mail.brand,
    account: user.accountDisplayName,
    item: interpolate(words.items[notice.kind], { amount: notice.amount ?? '' }),
    outcome: words.outcomes[notice.outcome],
    reason: reasonText(lang, notice.kind, notice.reasonCode, notice.note),
  };
  const message: TMessage =
    channel === 'email'
      ? {
          channel: 'email',
          target: emailTarget(user.email ?? ''),
          subject: interpolate(words.subject, values),
          text: words.body
            .filter((line) => values.reason !== '' || !line.includes('{{reason}}'))
            .map((line) => interpolate(line, values))
            .join('\n\n'),
          code: null,
        }
      : {
          channel: 'sms',
          target: phoneTarget(user.phone ?? '', user.phoneCode),
          subject: '',
          text: interpolate(words.sms, values),
          code: null,
          template: {
            kind: 'reviewOutcome',
            values: { account: values.account, item: values.item, outcome: values.outcome },
          },
        };
  try {
    await deliverMessage(deps, message, log, 'review-outcome');
    return { isSent: true, channel };
  } catch {
    return { isSent: false, channel };
  }
}
