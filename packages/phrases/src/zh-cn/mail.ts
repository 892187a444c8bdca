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
    RESET_USER_MFA: '重置用户的登录保护',
  },
  subject: '{{brand}}：您的验证码 {{code}}',
  body: [
    '您用于{{purpose}}的验证码为 {{code}}。',
    '{{minutes}} 分钟内有效，仅可使用一次。',
    '如非本人操作，请忽略本邮件；他人无法在不访问您邮箱的情况下使用该验证码。',
  ],
  sms: '【{{brand}}】您用于{{purpose}}的验证码为 {{code}}，{{minutes}} 分钟内有效，请勿泄露。',
  confirmChange: {
    subject: '{{brand}}：请确认联系方式变更',
    body: [
      '账户 {{account}} 的管理员 {{operator}} 申请将您的用户 {{user}} 的{{what}}修改为 {{value}}。',
      '如同意，请在 {{minutes}} 分钟内打开以下链接（仅可使用一次）：{{link}}',
      '如不同意，请忽略本邮件，信息不会变更。',
    ],
    sms: '【{{brand}}】{{operator}} 申请将您的用户 {{user}} 的{{what}}修改为 {{value}}，请在 {{minutes}} 分钟内确认：{{link}}',
    email: '邮箱',
    phone: '手机号',
    both: '邮箱和手机号',
  },
  changeNotice: {
    subject: '{{brand}}：有人申请变更您的联系方式',
    body: [
      '账户 {{account}} 的管理员 {{operator}} 申请修改您的用户 {{user}} 的{{what}}。',
      '只有在新地址收到的链接被确认后，变更才会生效。',
      '如非预期，请联系账户管理员。',
    ],
    sms: '【{{brand}}】{{operator}} 申请修改您的用户 {{user}} 的{{what}}，需在新地址确认后才会生效。',
  },
  invitation: {
    subject: '{{brand}}：{{operator}} 邀请您加入账户 {{account}}',
    body: [
      '账户 {{account}} 的管理员 {{operator}} 已将您添加为用户 {{user}}。',
      '如接受邀请，请在 {{hours}} 小时内打开以下链接并设置密码（仅可使用一次）：{{link}}',
      '之后请使用账户 {{account}}、用户名 {{user}} 和您设置的密码登录。',
      '如非预期，请忽略本邮件。',
    ],
    sms: '【{{brand}}】{{operator}} 邀请您以用户 {{user}} 加入账户 {{account}}，请在 {{hours}} 小时内设置密码：{{link}}',
  },
  reviewOutcome: {
    subject: '{{brand}}：您的{{item}}{{outcome}}',
    body: ['账户 {{account}}：您的{{item}}{{outcome}}。', '原因：{{reason}}', '详情请登录控制台查看。'],
    sms: '【{{brand}}】账户 {{account}} 的{{item}}{{outcome}}，详情请登录控制台查看。',
    items: {
      verification: '企业认证',
      remittance: '对公汇款（{{amount}}）',
      formal: '企业版开通申请',
    },
    outcomes: {
      approved: '已通过',
      confirmed: '已到账并计入余额',
      refused: '未通过',
    },
  },
  platformSupport: '平台技术支持',
  invitationBySupport: {
    subject: '{{brand}}：您加入账户 {{account}} 的邀请',
    body: [
      '应您或账户管理员的请求，平台技术支持重新发送了您以用户 {{user}} 加入账户 {{account}} 的邀请。',
      '请在 {{hours}} 小时内打开以下链接并设置密码以接受邀请（链接仅可使用一次）：{{link}}',
      '之后请使用账户 {{account}}、用户名 {{user}} 和您设置的密码登录。此前发送的链接已失效。',
      '如非预期，请忽略本消息。',
    ],
  },
  mfaResetBySupport: {
    subject: '{{brand}}：平台技术支持已重置您的用户 {{user}} 的登录保护',
    body: [
      '平台技术支持重置了账户 {{account}} 中您的用户 {{user}} 的登录保护：已删除其身份验证器和通行密钥，并结束了其登录会话。',
      '下次使用密码登录时，如系统要求，请重新设置登录保护。',
      '如非您本人申请，请立即告知账户管理员：账户的审计日志记录了此次重置及其原因。',
    ],
  },
  mfaReset: {
    subject: '{{brand}}：您的用户 {{user}} 的登录保护已被重置',
    body: [
      '账户 {{account}} 的管理员 {{operator}} 重置了您的用户 {{user}} 的登录保护：已删除其身份验证器和通行密钥，并结束了其登录会话。',
      '下次使用密码登录时，如系统要求，请重新设置登录保护。',
      '如非预期，请立即联系账户管理员。',
    ],
    sms: '【{{brand}}】{{operator}} 重置了您的用户 {{user}} 的登录保护，已删除身份验证器和通行密钥，请在下次登录时重新设置。如非预期，请联系账户管理员。',
  },
  accountSuspended: {
    subject: '{{brand}}：账户 {{account}} 已被暂停',
    body: [
      '平台运营方暂停了您担任管理员的账户 {{account}}。原因：{{reason}}',
      '在账户恢复之前，其用户已被退出登录且无法登录，也无法调用其 API。',
      '如有疑问，请联系平台运营方。',
    ],
    sms: '【{{brand}}】平台运营方暂停了账户 {{account}}，恢复前其用户无法登录。如有疑问，请联系平台运营方。',
  },
  accountResumed: {
    subject: '{{brand}}：账户 {{account}} 已恢复',
    body: ['平台运营方恢复了您担任管理员的账户 {{account}}。原因：{{reason}}', '其用户现在可以重新登录。'],
    sms: '【{{brand}}】平台运营方恢复了账户 {{account}}，其用户现在可以重新登录。',
  },
  passwordExpiry: {
    subject: '{{brand}}：您的密码将于 {{date}} 过期',
    body: [
      '账户 {{account}} 中您的用户 {{user}} 的密码将于 {{date}} 过期。',
      '请在此之前通过控制台用户菜单中的“修改密码”进行修改；过期后登录时将要求您重置密码。',
    ],
  },
  billing: {
    money: { CNY: '{{amount}} 元', USD: '{{amount}} 美元' },
    lowBalance: {
      subject: '{{brand}}：账户 {{account}} 的余额已低于 {{threshold}}',
      body: [
        '账户 {{account}} 的可用余额为 {{balance}}，已低于预警阈值 {{threshold}}。',
        '请在控制台“费用中心 - 账户资金”中及时充值，以免影响服务：余额不足以支付的用量将计为欠费，欠费持续一段时间后服务将被暂停。',
      ],
      text: '【{{brand}}】账户 {{account}} 的余额为 {{balance}}，已低于预警阈值 {{threshold}}，请及时充值。',
    },
    smart: {
      subject: '{{brand}}：账户 {{account}} 的余额预计还可使用约 {{days}} 天',
      body: [
        '账户 {{account}} 的可用余额为 {{balance}}。按最近 7 天的日均消费（{{average}}）计算，预计还可使用约 {{days}} 天，不超过 {{limit}} 天。',
        '请在控制台“费用中心 - 账户资金”中及时充值，以免影响服务：余额不足以支付的用量将计为欠费，欠费持续一段时间后服务将被暂停。',
      ],
      text: '【{{brand}}】账户 {{account}} 的余额为 {{balance}}，按最近 7 天的日均消费（{{average}}）预计还可使用约 {{days}} 天，请及时充值。',
    },
    webhookTest: '【{{brand}}】账户 {{account}} 的 Webhook {{name}} 的测试消息：余额预警将发送到这里。',
    voucherName: '{{money}}代金券',
  },
};

export default mail;
