/**
 * The user module's public side for other modules: creating users and granting roles (registration,
 * the operator command, single sign-on, demo data), the member role's id, and the removal of users
 * whose recovery period has ended (retention). Roles live in this module: they are granted to
 * users, and the last-administrator rule spans both.
 */

/**
 * The back office's support (issue 40) acts on a user as a platform operator through the same
 * services as the account's administrators: an invitation sent again, the login protection reset.
 */
export { invitationStateOf, resendInvitation } from './invitation.service';
export { grantRole, insertUser } from './user.repository';
// SCIM provisioning changes role holders in its own transaction (decision 0031).
export { deleteUserRole } from './user-admin.repository';
export { resetLoginProtection } from './user-mfa-reset.service';
export { purgeDeletedUsers } from './user-removal.service';
export type { TOperatorAuditWriter, TUserActor } from './user-rules.service';
export { memberRoleId } from './user-rules.service';
