/**
 * The texts of requiring login protection of every user: why it cannot be turned on yet, in the
 * words the server would refuse it with (codes 4165–4167), and what turning it on means.
 */
import type { TMfaEnforcement } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import type { TFunction } from 'i18next';

/** Why the requirement cannot be turned on now (none when it can), each as one sentence or two. */
export function enforcementReasons(
  enforcement: TMfaEnforcement,
  isInternational: boolean,
  t: TFunction<['mfa', 'errors']>,
): string[] {
  const reasons: string[] = [];
  if (enforcement.blockedUsers > 0) {
    reasons.push(
      t(`${ErrorCode.mfaEnforcementUsersBlocked}`, {
        ns: 'errors',
        count: enforcement.blockedUsers,
        names: enforcement.blockedUsernames.join(t('namesJoin', { ns: 'errors' })),
      }),
    );
  }
  if (enforcement.proof === null) {
    reasons.push(
      isInternational
        ? t(`${ErrorCode.mfaEnforcementNoAuthenticator}`, { ns: 'errors' })
        : t(`${ErrorCode.mfaEnforcementNoCodeChannel}`, { ns: 'errors' }),
    );
  }
  return reasons;
}

/** How many users will be asked to set up login protection at their next sign-in. */
export function setUpCountText(enforcement: TMfaEnforcement, t: TFunction<['mfa', 'errors']>): string {
  return enforcement.usersToSetUp === 0
    ? t('protection.requireCountNone')
    : t('protection.requireCount', { count: enforcement.usersToSetUp });
}
