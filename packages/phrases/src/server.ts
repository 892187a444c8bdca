/** The namespaces the server answers with, loaded eagerly in both languages. */
import type { TLanguage } from '@console/contract/enums';
import enErrors from './en-us/errors';
import enMail from './en-us/mail';
import enValidation from './en-us/validation';
import type { TPhrases } from './types';
import zhErrors from './zh-cn/errors';
import zhMail from './zh-cn/mail';
import zhValidation from './zh-cn/validation';

export { interpolate } from './index';

export type TServerPhrases = Pick<TPhrases, 'errors' | 'validation' | 'mail'>;

export const serverPhrases: Record<TLanguage, TServerPhrases> = {
  'en-US': { errors: enErrors, validation: enValidation, mail: enMail },
  'zh-CN': { errors: zhErrors, validation: zhValidation, mail: zhMail },
};
