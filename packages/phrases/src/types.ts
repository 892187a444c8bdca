import type account from './en-us/account';
import type audit from './en-us/audit';
import type billing from './en-us/billing';
import type certification from './en-us/certification';
import type common from './en-us/common';
import type contactChange from './en-us/contact-change';
import type errors from './en-us/errors';
import type invitation from './en-us/invitation';
import type license from './en-us/license';
import type login from './en-us/login';
import type mail from './en-us/mail';
import type mfa from './en-us/mfa';
import type mobileLogin from './en-us/mobile-login';
import type opsAccounts from './en-us/ops-accounts';
import type opsCatalogue from './en-us/ops-catalogue';
import type opsDashboard from './en-us/ops-dashboard';
import type opsPasskeys from './en-us/ops-passkeys';
import type opsShell from './en-us/ops-shell';
import type outbox from './en-us/outbox';
import type password from './en-us/password';
import type payment from './en-us/payment';
import type recovery from './en-us/recovery';
import type register from './en-us/register';
import type services from './en-us/services';
import type share from './en-us/share';
import type shell from './en-us/shell';
import type sso from './en-us/sso';
import type ssoConfig from './en-us/sso-config';
import type users from './en-us/users';
import type validation from './en-us/validation';

/** Every phrase namespace; en-US defines the keys, zh-CN must provide each of them. */
export type TPhrases = {
  common: typeof common;
  errors: typeof errors;
  validation: typeof validation;
  login: typeof login;
  shell: typeof shell;
  mail: typeof mail;
  mfa: typeof mfa;
  outbox: typeof outbox;
  password: typeof password;
  recovery: typeof recovery;
  register: typeof register;
  contactChange: typeof contactChange;
  share: typeof share;
  invitation: typeof invitation;
  sso: typeof sso;
  license: typeof license;
  mobileLogin: typeof mobileLogin;
  account: typeof account;
  users: typeof users;
  audit: typeof audit;
  ssoConfig: typeof ssoConfig;
  services: typeof services;
  billing: typeof billing;
  payment: typeof payment;
  certification: typeof certification;
  // The back office's namespaces (their loaders: ops-loaders.ts).
  opsShell: typeof opsShell;
  opsAccounts: typeof opsAccounts;
  opsDashboard: typeof opsDashboard;
  opsCatalogue: typeof opsCatalogue;
  opsPasskeys: typeof opsPasskeys;
};

export type TNamespace = keyof TPhrases;
export const Namespaces = [
  'common',
  'errors',
  'validation',
  'login',
  'shell',
  'mail',
  'mfa',
  'outbox',
  'password',
  'recovery',
  'register',
  'contactChange',
  'share',
  'invitation',
  'sso',
  'license',
  'mobileLogin',
  'account',
  'users',
  'audit',
  'ssoConfig',
  'services',
  'billing',
  'payment',
  'certification',
  'opsShell',
  'opsAccounts',
  'opsDashboard',
  'opsCatalogue',
  'opsPasskeys',
] as const satisfies readonly TNamespace[];
