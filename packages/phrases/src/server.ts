/** The namespaces the server answers with, loaded eagerly in both languages. */
import type { TLanguage } from '@console/contract/enums';
import enCertification from './en-us/certification';
import enErrors from './en-us/errors';
import enMail from './en-us/mail';
import enPayment from './en-us/payment';
import enServices from './en-us/services';
import enValidation from './en-us/validation';
import type { TPhrases } from './types';
import zhCertification from './zh-cn/certification';
import zhErrors from './zh-cn/errors';
import zhMail from './zh-cn/mail';
import zhPayment from './zh-cn/payment';
import zhServices from './zh-cn/services';
import zhValidation from './zh-cn/validation';

export { interpolate } from './index';

export type TServerPhrases = Pick<
  TPhrases,
  'errors' | 'validation' | 'mail' | 'payment' | 'certification' | 'services'
>;

export const serverPhrases: Record<TLanguage, TServerPhrases> = {
  'en-US': {
    errors: enErrors,
    validation: enValidation,
    mail: enMail,
    payment: enPayment,
    certification: enCertification,
    services: enServices,
  },
  'zh-CN': {
    errors: zhErrors,
    validation: zhValidation,
    mail: zhMail,
    payment: zhPayment,
    certification: zhCertification,
    services: zhServices,
  },
};
