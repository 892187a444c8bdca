/**
 * The account module's public side for other modules: finding accounts by name or id, creating one
 * with its built-in roles (registration, the operator command, demo data), and locking and updating
 * its row inside another module's transaction (a passed verification turns a trial formal).
 */
export { createAccountWithRoles, findAccountById, findAccountByName } from './account.repository';
export {
  countPendingFormalApplications,
  lockAccount,
  setAccountStatus,
  updateAccountColumns,
} from './account-center.repository';
