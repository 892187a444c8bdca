import type { TPhrases } from '../types';

/** 华为云许可证激活（登录页的子页面）。 */
const license: TPhrases['license'] = {
  title: '许可证激活',
  subtitle: '请粘贴随华为云订阅获得的许可证。',
  label: '许可证',
  placeholder: '请在此粘贴许可证',
  activate: '激活',
  activating: '激活中…',
  activated: '许可证已激活',
  back: '返回登录',
  listTitle: '本安装的许可证',
  empty: '尚未激活任何许可证。',
  loadFailed: '无法加载许可证。',
  status: '状态',
  activeTime: '激活时间',
  expireTime: '到期时间',
  statuses: { ALIVE: '生效中', EXPIRED: '已过期', RELEASED: '已释放' },
};

export default license;
