import type { TPhrases } from '../types';

const login: TPhrases['login'] = {
  pageTitle: '登录',
  brandTitle: '一个平台，承载全部数据',
  brandSubtitle: '湖仓、Insight 商业智能与自然语言数据助手，一个账户全部拥有。',
  brandPoints: [
    '湖仓：为各类负载提供存储与计算',
    'Insight：仪表盘与自助分析',
    '数据助手：用自然语言查询数据',
  ],
  formTitle: '账户登录',
  accountName: '账户名',
  accountNamePlaceholder: '请输入账户名',
  username: '用户名',
  usernamePlaceholder: '请输入用户名',
  password: '密码',
  passwordPlaceholder: '请输入密码',
  showPassword: '显示密码',
  hidePassword: '隐藏密码',
  submit: '登录',
  submitting: '登录中…',
  recentAccounts: '最近登录的账户',
  removeRecent: '从最近账户中移除 {{name}}',
  forgotAccount: '忘记账户？',
  forgotUsername: '忘记用户名？',
  forgotPassword: '忘记密码？',
  noAccount: '还没有账户？',
  license: '激活华为云许可证',
  register: '注册',
  success: '登录成功',
  attempts: '密码错误：第 {{current}}/{{total}} 次。连续错误 {{total}} 次后将锁定 1 分钟。',
  locked: '密码连续错误次数过多，已锁定 1 分钟，请 {{seconds}} 秒后再试。',
  loginAddressHint: '当前为账户 {{name}} 的专属登录地址。',
};

export default login;
