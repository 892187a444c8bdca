/** Passkeys' public side for other modules: retention of spent and expired WebAuthn challenges. */
export { deleteEndedChallenges } from './passkey.repository';
