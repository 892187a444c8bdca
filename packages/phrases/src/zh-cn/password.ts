import type { TPhrases } from '../types';

/** 设置密码：公共页面（重置、注册）与控制台共用。 */
const password: TPhrases['password'] = {
  newPassword: '新密码',
  newPasswordPlaceholder: '请输入新密码',
  password: '密码',
  passwordPlaceholder: '请输入密码',
  confirmPassword: '确认密码',
  confirmPasswordPlaceholder: '请再次输入密码',
  confirmRequired: '请再次输入密码',
  currentPassword: '当前密码',
  currentPasswordPlaceholder: '请输入当前密码',
  show: '显示密码',
  hide: '隐藏密码',
  rule: '{{minLength}}-32 位，需包含{{types}}；可用字母、数字和符号，不含空格。',
};

export default password;
