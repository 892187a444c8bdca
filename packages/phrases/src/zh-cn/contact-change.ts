import type { TPhrases } from '../types';

/** 确认管理员发起的联系方式变更（/confirm-change）及待确认的变更。 */
const contactChange: TPhrases['contactChange'] = {
  pageTitle: '确认变更',
  title: '确认联系方式变更',
  subtitle: '{{operator}} 申请变更您的用户的联系方式。在您同意之前不会有任何改变。',
  userName: '用户',
  operator: '申请人',
  email: '新邮箱',
  phone: '新手机号',
  updateTime: '发送时间',
  agree: '同意',
  agreeing: '提交中…',
  ignoreHint: '如果您没有预期此变更，请忽略：链接将在 1 小时后失效。',
  doneTitle: '变更已确认',
  doneText: '您的联系方式已更新，{{seconds}} 秒后跳转到登录页…',
  goToLogin: '立即去登录',
  invalidTitle: '链接无效',
  invalidText: '链接已使用、已撤销或已过期，请联系管理员重新发送。',
  loading: '正在加载变更…',
  failedTitle: '无法加载变更',
  retry: '重试',
};

export default contactChange;
