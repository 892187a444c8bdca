import type { TPhrases } from '../types';

/** 接受邀请（/userManage/{userId}?token=…）：设置密码、绑定登录保护、登录。 */
const invitation: TPhrases['invitation'] = {
  pageTitle: '接受邀请',
  title: '欢迎加入账户 {{account}}',
  subtitle: '管理员已将您添加为用户，请设置密码以完成。',
  account: '账户',
  username: '用户名',
  sentTo: '邀请发送至',
  expires: '链接有效期至',
  loading: '正在加载邀请…',
  steps: { password: '设置密码', protection: '登录保护', done: '完成' },
  passwordHint: '请设置您登录时使用的密码。',
  next: '下一步',
  submit: '接受邀请并设置密码',
  submitting: '正在保存…',
  protectionTitle: '绑定身份验证器',
  protectionHint:
    '账户 {{account}} 要求开启登录保护。请使用身份验证器应用（如 Google Authenticator 或 Microsoft Authenticator）扫描密钥，然后输入应用显示的 6 位验证码。',
  protectionPhone:
    '账户 {{account}} 要求开启登录保护：登录时还需输入发送至 {{target}}（接收本邀请的手机）的验证码。',
  protectionEmail:
    '账户 {{account}} 要求开启登录保护：登录时还需输入发送至 {{target}}（接收本邀请的邮箱）的验证码。',
  back: '上一步',
  doneTitle: '设置完成',
  doneText: '密码已设置，请以 {{username}} 登录账户 {{account}}。',
  doneProtection: '登录保护已开启：登录时还需输入二次验证码。',
  goToLogin: '前往登录',
  invalidTitle: '邀请链接无效',
  usedTitle: '该邀请已被接受',
  revokedTitle: '该邀请已失效',
  expiredTitle: '该邀请已过期',
  missingText: '链接不完整，请打开邀请消息中的完整链接。',
  failedTitle: '无法加载邀请',
  retry: '重试',
};

export default invitation;
