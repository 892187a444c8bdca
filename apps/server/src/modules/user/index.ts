/**
 * The user module's public side for other modules: creating users, granting roles, and the
 * built-in roles' ids with the last-administrator rule that role changes keep.
 */
export { grantRole, insertUser } from './user.repository';
export { adminRoleId, lockTargets, memberRoleId, requireAdminsRemain } from './user-admin.repository';
