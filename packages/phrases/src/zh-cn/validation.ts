import type { TPhrases } from '../types';

const validation: TPhrases['validation'] = {
  accountNameRequired: '请输入账户名',
  accountNameLetters: '账户名仅支持字母',
  accountNameTooLong: '账户名过长',
  usernameRequired: '请输入用户名',
  usernameFormat: '以字母开头，由字母、数字或下划线组成，5 到 32 个字符',
  passwordRequired: '请输入密码',
  passwordTooLong: '密码过长',
  phoneRequired: '请输入手机号',
  phoneFormat: '请输入正确的手机号',
  emailRequired: '请输入邮箱',
  emailFormat: '请输入正确的邮箱',
  codeRequired: '请输入验证码',
  codeLength: '验证码为 6 位',
  captchaRequired: '请输入图片中的字符',
  captchaTooLong: '最多输入 10 个字符',
  required: '此项为必填项',
  invalidType: '应为 {{expected}}',
  tooShort: '至少输入 {{minimum}} 个字符',
  tooLong: '最多输入 {{maximum}} 个字符',
  tooSmall: '不能小于 {{minimum}}',
  tooBig: '不能大于 {{maximum}}',
  invalidFormat: '格式不正确',
  invalidValue: '取值不在允许范围内',
  invalid: '取值无效',
};

export default validation;
