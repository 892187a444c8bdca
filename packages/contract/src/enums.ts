/** Enumerations of spec section 3 and the runtime configuration. */
import type { TLanguage } from './light-enums';

export { isLanguage, LangCookie, Languages, RecentAccountsCookie, type TLanguage } from './light-enums';
export const DefaultLanguage: TLanguage = 'zh-CN';
export const LangHeader = 'cz-lang';
export const SessionCookie = 'cz_token';
export const ClientHeader = 'x-cz-client';
export const ClientHeaderValue = 'web';

export const Editions = ['domestic', 'international'] as const;
export type TEdition = (typeof Editions)[number];

export const DeployModes = ['cloud', 'onprem'] as const;
export type TDeployMode = (typeof DeployModes)[number];

export const AccountType = { demo: 0, test: 1, trial: 2, formal: 3 } as const;
export type TAccountType = (typeof AccountType)[keyof typeof AccountType];

export const AccountStatus = { normal: 0, stopped: 1, deleted: 2, owe: 3, init: 4 } as const;
export type TAccountStatus = (typeof AccountStatus)[keyof typeof AccountStatus];

export const UserKinds = ['regular', 'service'] as const;
export type TUserKind = (typeof UserKinds)[number];
export const ServiceUserKinds = ['system', 'custom'] as const;
export type TServiceUserKind = (typeof ServiceUserKinds)[number];

/** Enable flag of spec section 3. */
export const EnableFlag = { enabled: 1, disabled: 0 } as const;

export const MfaMethodTypes = ['GA', 'PHONE', 'EMAIL'] as const;
export type TMfaMethodType = (typeof MfaMethodTypes)[number];

export const VerificationChannel = { phone: 0, email: 1 } as const;

export const RoleCodes = ['account_admin', 'account_member'] as const;
export type TRoleCode = (typeof RoleCodes)[number];

/** Resource types: 0 menus, 1 operations (the default of a resource check). */
export const ResourceType = { menu: 0, operation: 1 } as const;
export type TResourceType = (typeof ResourceType)[keyof typeof ResourceType];

/** Menu resources of spec section 6 (type 0). */
export const MenuResources = ['workbench', 'userManage', 'serviceManage', 'billing', 'auditManage'] as const;
export type TMenuResource = (typeof MenuResources)[number];

/** Operation resources (type 1). */
export const OperationResources = ['accountUpgrade', 'passwordPolicyEdit'] as const;
export type TOperationResource = (typeof OperationResources)[number];

export const AuditStatus = { success: 1, failure: 0 } as const;

/** Purposes of verification codes (the spec's auth-method names, section 7). */
export const AuthMethods = [
  'MFA_LOGIN',
  'MFA_STATUS',
  'GET_GA_MFA_CODE',
  'RESET_MFA',
  'EDIT_PHONE',
  'EDIT_EMAIL',
  'BIND_EMAIL',
  'UPDATE_USER_INFO',
  'FIND_PASSWORD',
  'FIND_ACCOUNT_FORM',
  'FIND_USERNAME_FORM',
  'REGISTER_FORM',
  'CREATE_ACCOUNT',
  'RESET_USER_PASSWORD_MODAL',
  /** An administrator resets another user's login protection (authenticator and passkeys). */
  'RESET_USER_MFA',
] as const;
export type TAuthMethod = (typeof AuthMethods)[number];

/** Channels of a verification code. */
export const AuthCodeTypes = ['SMS', 'EMAIL'] as const;
export type TAuthCodeType = (typeof AuthCodeTypes)[number];

/** Character classes of a password policy (spec section 3). */
export const PasswordCharTypes = ['DIGIT', 'LOWERCASE', 'UPPERCASE', 'SPECIAL'] as const;
export type TPasswordCharType = (typeof PasswordCharTypes)[number];

/** Huawei-cloud license statuses (spec section 3). */
export const LicenseStatuses = ['ALIVE', 'EXPIRED', 'RELEASED'] as const;
export type TLicenseStatus = (typeof LicenseStatuses)[number];

/** Registration questionnaire: the roles and goals offered (spec section 3). */
export const RegistrationReasons = [
  'business_operations',
  'product_manager',
  'ops_engineer',
  'test_engineer',
  'backend_engineer',
  'frontend_engineer',
  'rd_engineer',
  'other',
] as const;
export type TRegistrationReason = (typeof RegistrationReasons)[number];

/** "Skipped" captcha: accepted only where no captcha is required. */
export const SkippedCaptchaId = '-1';
