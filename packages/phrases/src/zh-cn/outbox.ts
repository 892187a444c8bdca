import type { TPhrases } from '../types';

const outbox: TPhrases['outbox'] = {
  pageTitle: '开发发件箱',
  title: '开发发件箱',
  subtitle: '开发模式下服务器发出的所有邮件和短信，最新的在前。生产模式没有发件箱。',
  filter: '收件人',
  filterPlaceholder: '邮箱或手机号，例如 +86 13800000000',
  search: '筛选',
  refresh: '刷新',
  empty: '暂无消息。',
  channel: { email: '邮件', sms: '短信' },
  to: '收件人',
  code: '验证码',
  sentAt: '发送时间',
  count: '共 {{count}} 条消息',
  loadFailed: '无法加载发件箱。',
};

export default outbox;
