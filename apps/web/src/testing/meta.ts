import type { TMeta } from '@console/contract';

/** A console meta for component tests: the domestic cloud edition, with `overrides` applied. */
export function testMeta(overrides: Partial<TMeta> = {}): TMeta {
  return {
    edition: 'domestic',
    deployMode: 'cloud',
    defaultLanguage: 'zh-CN',
    features: {
      register: true,
      globalPhone: false,
      cruBilling: true,
      gaAgreement: false,
      studioLink: false,
      huaweiLicense: false,
      marketplaceRegister: false,
    },
    consoleUrl: 'http://console.test',
    support: { phone: null, emails: [], qrUrl: null },
    links: { docs: null, releaseNotes: null, studio: null },
    ipLookupUrl: null,
    fallbackHosts: [],
    mobileLoginHosts: [],
    devOutbox: false,
    adapters: {
      provisioner: 'development',
      marketplace: 'development',
      identity: 'development',
      wechatPay: 'development',
      alipay: 'development',
      sms: 'development',
      email: 'development',
      license: 'development',
    },
    isDemonstration: false,
    ...overrides,
  };
}
