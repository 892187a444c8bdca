/** The auth module's public side for other modules: ending a user's sessions, and session retention. */
export { deleteEndedSessions, revokeUserSessions } from './session.repository';
