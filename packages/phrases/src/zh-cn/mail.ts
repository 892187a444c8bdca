import type { TPhrases } from '../types';

const mail: TPhrases['mail'] = {
  brand: '数据平台控制台',
  purposes: {
    MFA_LOGIN: '登录',
    MFA_STATUS: '修改登录保护',
    GET_GA_MFA_CODE: '绑定身份验证器',
    RESET_MFA: '重新绑定身份验证器',
    EDIT_PHONE: '修改手机号',
    EDIT_EMAIL: '修改邮箱',
    BIND_EMAIL: '绑定邮箱',
    UPDATE_USER_INFO: '修改用户信息',
    FIND_PASSWORD: '重置密码',
    FIND_ACCOUNT_FORM: '找回账户',
    FIND_USERNAME_FORM: '找回用户名',
    REGISTER_FORM: '注册',
    CREATE_ACCOUNT: '创建账户',
    RESET_USER_PASSWORD_MODAL: '重置密码',
  },
  subject: '{{brand}}：您的验证码 {{code}}',
  body: [
    '您用于{{purpose}}的验证码为 {{code}}。',
    '{{minutes}} 分钟内有效，仅可使用一次。',
    '如非本人操作，请忽略本邮件；他人无法在不访问您邮箱的情况下使用该验证码。',
  ],
  sms: '【{{brand}}】您用于{{purpose}}的验证码为 {{code}}，{{minutes}} 分钟内有效，请勿泄露。',
};

export default mail;
