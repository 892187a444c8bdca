import type en from '../en-us/ops-dashboard';

/** 运营后台：仪表盘。 */
const opsDashboard: typeof en = {
  title: '仪表盘',
  generatedAt: '统计时间 {{time}}',
  queues: {
    title: '待审核',
    verifications: '企业认证',
    remittances: '线下汇款',
    formalApplications: '转正申请',
    open: '打开队列',
  },
  charts: {
    title: '近 30 天',
    signUps: '注册数',
    activeAccounts: '活跃账号',
    activeHint: '当天有登录或用量的账号',
    topUps: '充值（{{currency}}）',
    consumption: '消费（{{currency}}）',
    accounts: '账号数',
    empty: '近 30 天暂无数据',
  },
  jobs: {
    title: '失败的后台任务',
    total: '共 {{count}} 个',
    kind: '任务',
    state: '状态',
    attempts: '尝试次数',
    lastError: '最近错误',
    updatedAt: '最近尝试',
    none: '没有失败的任务',
  },
  deliveries: {
    title: '失败的 Webhook 推送',
    total: '共 {{count}} 条',
    account: '账号',
    kind: '类型',
    state: '状态',
    attempts: '尝试次数',
    error: '错误',
    createdAt: '创建时间',
    none: '没有失败的推送',
  },
  states: { failed: '已失败', retrying: '重试中' },
  adapters: {
    title: '外部服务适配器',
    name: '适配器',
    provider: '服务商',
    state: '状态',
    setting: '配置项',
    names: {
      provisioner: '服务开通',
      marketplace: '云市场',
      identity: '实名认证',
      wechatPay: '微信支付',
      alipay: '支付宝',
      sms: '短信',
      email: '邮件',
      license: '许可证校验',
      storage: '上传文件存储',
    },
    states: {
      configured: '已配置',
      development: '开发替身',
      unconfigured: '未配置',
    },
  },
  loadFailed: '仪表盘加载失败。',
};

export default opsDashboard;
