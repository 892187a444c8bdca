import type { TPhrases } from '../types';

/** 单点登录页面。 */
const sso: TPhrases['sso'] = {
  errorPageTitle: '认证失败',
  errorTitle: '认证失败',
  errorText: '单点登录未能完成，请重试或联系账户管理员。',
  details: '身份提供方返回的信息',
  noDetails: '未提供更多信息。',
  backToLogin: '返回登录',
};

export default sso;
