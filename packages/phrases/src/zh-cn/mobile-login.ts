import type { TPhrases } from '../types';

/** 移动端简化登录（界面只用英文；此处的中文满足类型）。 */
const mobileLogin: TPhrases['mobileLogin'] = {
  pageTitle: '移动端登录',
  welcomeTitle: '欢迎',
  welcomeText: '登录后在手机上继续。',
  start: '登录',
  formTitle: '登录',
  back: '返回',
  redirecting: '登录成功，正在打开…',
};

export default mobileLogin;
