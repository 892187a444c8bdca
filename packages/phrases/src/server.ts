/** The namespaces the server answers with, loaded eagerly in both languages. */
import type { TLanguage } from '@console/contract/enums';
import enErrors from './en-us/errors';
import enValidation from './en-us/validation';
import type { TPhrases } from './types';
import zhErrors from './zh-cn/errors';
import zhValidation from './zh-cn/validation';

export { interpolate } from './index';

export type TServerPhrases = Pick<TPhrases, 'errors' | 'validation'>;

export const serverPhrases: Record<TLanguage, TServerPhrases> = {
  'en-US': { errors: enErrors, validation: enValidation },
  'zh-CN': { errors: zhErrors, validation: zhValidation },
};
