/** Login protection's public side for the sign-in (auth): whether a second step is needed, its challenge, and its check. */
export { completeSecondStep, needsSecondStep, startLoginChallenge } from './mfa.service';
/** Binding login protection while accepting an invitation (the user module's invitations). */
export {
  applyInvitationProtection,
  checkInvitationBinding,
  startInvitationBinding,
  type TInvitationBinding,
} from './mfa-invitation.service';
