/** Login protection's public side for the sign-in (auth): whether a second step is needed, its challenge, and its check. */

/** The second step's challenge, for a passkey answering it (the passkey module). */
/** An administrator's reset of another user's login protection (the user module, decision 0048). */
export { consumeChallenge as consumeLoginChallenge, removeLosableFactors } from './mfa.repository';
export { completeSecondStep, needsSecondStep, startLoginChallenge } from './mfa.service';
export { isNamedBy, liveChallenge, requireUser, wrongCode } from './mfa-challenge.service';
/** Binding login protection while accepting an invitation (the user module's invitations). */
export {
  applyInvitationProtection,
  checkInvitationBinding,
  startInvitationBinding,
  type TInvitationBinding,
} from './mfa-invitation.service';
/** The back office's act that stops requiring login protection (issue 40, item 3). */
export { stopRequiringForAccount, type TOperatorPolicyAudit } from './mfa-policy.service';
