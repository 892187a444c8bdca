/**
 * The user module's public side for other modules: creating users and granting roles (registration,
 * the operator command, single sign-on, demo data), the member role's id, and the removal of users
 * whose recovery period has ended (retention). Roles live in this module: they are granted to
 * users, and the last-administrator rule spans both.
 */
export { grantRole, insertUser } from './user.repository';
// SCIM provisioning changes role holders in its own transaction (decision 0031).
export { deleteUserRole } from './user-admin.repository';
export { purgeDeletedUsers } from './user-removal.service';
export { memberRoleId } from './user-rules.service';
