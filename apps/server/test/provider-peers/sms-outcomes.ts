/**
 * What the SMS peers (aliyun-sms.ts, tencent-sms.ts) received and how they answer: each peer
 * records every message it accepted, and answers each number with the outcome set for it (or the
 * peer's mode): accepted, a rate limit, an invalid number, another refusal, or no answer at all.
 */
export type TSmsOutcome = 'ok' | 'rateLimit' | 'dayLimit' | 'invalidNumber' | 'refused' | 'hang';

export type TSentSms = {
  provider: 'aliyun' | 'tencent';
  /** E.164: +8613800000000. */
  phone: string;
  signName: string;
  template: string;
  /** Alibaba's named parameters, or Tencent's positional ones. */
  params: Record<string, string> | string[];
  outcome: TSmsOutcome;
};

export type TSmsPeerState = {
  /** Every message the peer answered (accepted or refused), in order. */
  sent: TSentSms[];
  /** Sets the outcome for one number (E.164), or for every number without one of its own (null). */
  setOutcome(phone: string | null, outcome: TSmsOutcome): void;
  outcomeFor(phone: string): TSmsOutcome;
  /** The accepted messages to one number, newest last. */
  acceptedTo(phone: string): TSentSms[];
  reset(): void;
};

export function createSmsPeerState(): TSmsPeerState {
  const sent: TSentSms[] = [];
  const outcomes = new Map<string, TSmsOutcome>();
  let mode: TSmsOutcome = 'ok';
  return {
    sent,
    setOutcome: (phone, outcome) => {
      if (phone === null) mode = outcome;
      else outcomes.set(phone, outcome);
    },
    outcomeFor: (phone) => outcomes.get(phone) ?? mode,
    acceptedTo: (phone) => sent.filter((m) => m.phone === phone && m.outcome === 'ok'),
    reset: () => {
      sent.length = 0;
      outcomes.clear();
      mode = 'ok';
    },
  };
}

/** A promise that never settles: the peer keeps the connection open without answering. */
export const never = <T>() => new Promise<T>(() => {});
