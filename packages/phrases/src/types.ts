import type account from './en-us/account';
import type audit from './en-us/audit';
import type common from './en-us/common';
import type contactChange from './en-us/contact-change';
import type errors from './en-us/errors';
import type license from './en-us/license';
import type login from './en-us/login';
import type mail from './en-us/mail';
import type mfa from './en-us/mfa';
import type outbox from './en-us/outbox';
import type password from './en-us/password';
import type recovery from './en-us/recovery';
import type register from './en-us/register';
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
  sso: typeof sso;
  license: typeof license;
  account: typeof account;
  users: typeof users;
  audit: typeof audit;
  ssoConfig: typeof ssoConfig;
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
  'sso',
  'license',
  'account',
  'users',
  'audit',
  'ssoConfig',
] as const satisfies readonly TNamespace[];
