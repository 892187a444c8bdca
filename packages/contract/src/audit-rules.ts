/**
 * The audit log's limits, object types and operation codes, free of any schema library so that the
 * console's audit page can offer them without loading zod (decision 0008).
 */

/** Most rows of one page. */
export const auditPageSizeMax = 200;
/** Longest free-text search. */
export const auditSearchMax = 100;
/** Longest username filter. */
export const auditUsernameMax = 128;
/** The list counts the matching entries up to this many; beyond, it answers "more than". */
export const auditCountMax = 10_000;

/**
 * Object types written by the server; the server's audit writer takes only these, and the console's
 * filter offers them (the filter itself accepts any text up to 64 characters).
 */
export const AuditObjectTypes = [
  'session',
  'user',
  'account',
  'role',
  'phone',
  'email',
  'license',
  'instance',
  'catalogue',
  'sso',
  'certification',
  'recharge',
  'remittance',
  'voucher',
  'upload',
  'webhook',
  'audit',
  'passkey',
  'operator',
  'inviteCode',
] as const;
export type TAuditObjectType = (typeof AuditObjectTypes)[number];

/**
 * Every operation code the server writes (`action` of an entry); each has a name in both languages
 * (phrases `audit.actions`), and a test compares this list with the codes in the server's source.
 * Entries of older versions may hold other codes: the console shows those as they are.
 */
export const AuditActions = [
  // Sign-in
  'auth.login',
  'auth.logout',
  'auth.sessionEnded',
  // Users and roles
  'user.create',
  'user.add',
  'user.addService',
  'serviceUser.create',
  'user.update',
  'user.enable',
  'user.disable',
  'user.delete',
  'user.forceDelete',
  'user.recover',
  'user.syncRetry',
  'user.purge',
  'user.resetPassword',
  'user.resetMfa',
  'user.resetMfaNotice',
  'user.changePassword',
  'user.updateProfile',
  'user.bindEmail',
  'user.contactChangeRequest',
  'user.contactChangeConfirmed',
  'user.contactChangeRevoked',
  'user.invite',
  'user.invitationResend',
  'user.invitationRevoke',
  'user.invitationAccept',
  'role.grant',
  'role.revoke',
  // Login protection and verification codes
  'mfa.enable',
  'mfa.disable',
  'mfa.rebind',
  'mfa.passkeyAdd',
  'mfa.passkeyRename',
  'mfa.passkeyRemove',
  'verification.send',
  'verification.check',
  // Account
  'account.create',
  'account.register',
  'account.marketplaceArrival',
  'account.registrationInfo',
  'account.activate',
  'account.formalApplication',
  'account.formal',
  'account.trialExpired',
  'account.servicesPaused',
  'account.servicesResumed',
  'account.updateCompanyName',
  'account.updateRegistrationPhone',
  'account.passwordPolicy',
  'account.mfaPolicy',
  // The back office's acts on an account (issue 40)
  'account.suspend',
  'account.resume',
  'account.extendTrial',
  'account.notice',
  'account.activationCode',
  'account.tag.set',
  'account.tag.remove',
  // Real-name verification
  'certification.personalVerify',
  'certification.companyVerify',
  'certification.face',
  'certification.approve',
  'certification.reject',
  // Single sign-on and third-party sign-in
  'sso.config.update',
  'sso.config.test',
  'sso.metadata.refresh',
  'scim.tokenCreate',
  'scim.tokenRevoke',
  'role.linkGroup',
  'thirdparty.bind',
  'thirdparty.unbind',
  'thirdparty.login_status.update',
  // License
  'license.activate',
  'license.release',
  // Services
  'catalogue.import',
  'instance.create',
  'instance.retry',
  'instance.opened',
  'instance.openFailed',
  'instance.close',
  'instance.hide',
  'instance.unhide',
  'insight.enableUser',
  'insight.disableUser',
  'insight.usersApplied',
  'jobProfileShare.create',
  'jobProfileShare.revoke',
  // Billing
  'usage.ingest',
  'statement.generate',
  'recharge.create',
  'recharge.paid',
  'recharge.fail',
  'recharge.close',
  'recharge.notifyRefused',
  'remittance.submit',
  'remittance.confirm',
  'remittance.reject',
  'upload.create',
  'voucher.issue',
  'voucher.void',
  'discount.set',
  'alert.update',
  'alert.send',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.rotateSecret',
  'webhook.test',
  // The audit log itself
  'audit.purge',
  // The operators' back office (installation's chain)
  'operator.signIn',
  'operator.signOut',
  'operator.setupPassword',
  'operator.enrolTotp',
  'operator.stepUp',
  'operator.changePassword',
  'operator.create',
  'operator.disable',
  'operator.enable',
  'operator.role',
  'operator.resetSecondFactor',
  // The back office's catalogue and issuance (installation's chain)
  'catalogue.service.create',
  'catalogue.service.update',
  'catalogue.service.remove',
  'catalogue.version.create',
  'catalogue.version.update',
  'catalogue.version.remove',
  'catalogue.region.create',
  'catalogue.region.update',
  'catalogue.region.remove',
  'catalogue.price.update',
  'license.issue',
  'inviteCode.create',
  'operator.passkeyAdd',
  'operator.passkeyRename',
  'operator.passkeyRemove',
  'operator.replaceTotp',
] as const;
export type TAuditAction = (typeof AuditActions)[number];

const auditActionSet: ReadonlySet<string> = new Set(AuditActions);

/** Whether `code` is one of the operation codes the server writes. */
export function isAuditAction(code: string): code is TAuditAction {
  return auditActionSet.has(code);
}

/**
 * Whether an entry's actor is the system (a job, an operator command, the demo data) rather than a
 * user: no user id, and no username or the name "system" that older demo data wrote. A sign-in
 * attempt is never the system's: it keeps the name that was typed, if any.
 */
export function isSystemActor(entry: {
  userId: number | null;
  username: string | null;
  objectType: string;
}): boolean {
  if (entry.userId !== null || entry.objectType === 'session') return false;
  const name = (entry.username ?? '').trim().toLowerCase();
  return name === '' || name === 'system';
}

/**
 * The role of the platform operator who did it, for an entry of an account's own log written by
 * the back office (no user of the account; `info.operator.role`), else null.
 */
export function platformOperatorRoleOf(entry: { userId: number | null; info?: unknown }): string | null {
  if (entry.userId !== null || !entry.info || typeof entry.info !== 'object') return null;
  const operator = (entry.info as { operator?: unknown }).operator;
  if (!operator || typeof operator !== 'object') return null;
  const role = (operator as { role?: unknown }).role;
  return typeof role === 'string' && role !== '' ? role : null;
}
