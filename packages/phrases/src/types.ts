import type common from './en-us/common';
import type errors from './en-us/errors';
import type login from './en-us/login';
import type mail from './en-us/mail';
import type mfa from './en-us/mfa';
import type outbox from './en-us/outbox';
import type shell from './en-us/shell';
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
] as const satisfies readonly TNamespace[];
