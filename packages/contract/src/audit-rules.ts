/**
 * The audit log's limits and object types, free of any schema library so that the console's audit
 * page can offer them without loading zod (decision 0008).
 */

/** Most rows of one page. */
export const auditPageSizeMax = 200;
/** Longest free-text search. */
export const auditSearchMax = 100;
/** Longest username filter. */
export const auditUsernameMax = 128;

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
  'service',
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
] as const;
export type TAuditObjectType = (typeof AuditObjectTypes)[number];
