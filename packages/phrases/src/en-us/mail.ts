/** E-mail and SMS texts of verification codes, per purpose (the spec's auth-method names). */
const mail = {
  brand: 'Data Platform Console',
  purposes: {
    MFA_LOGIN: 'log in',
    MFA_STATUS: 'change your login protection',
    GET_GA_MFA_CODE: 'bind an authenticator app',
    RESET_MFA: 'rebind your authenticator app',
    EDIT_PHONE: 'change your phone number',
    EDIT_EMAIL: 'change your e-mail address',
    BIND_EMAIL: 'bind this e-mail address',
    UPDATE_USER_INFO: 'update your user information',
    FIND_PASSWORD: 'reset your password',
    FIND_ACCOUNT_FORM: 'find your account',
    FIND_USERNAME_FORM: 'find your username',
    REGISTER_FORM: 'register',
    CREATE_ACCOUNT: 'create your account',
    RESET_USER_PASSWORD_MODAL: 'reset a password',
    RESET_USER_MFA: "reset a user's login protection",
  },
  subject: '{{brand}}: your verification code {{code}}',
  body: [
    'Your verification code to {{purpose}} is {{code}}.',
    'It is valid for {{minutes}} minutes and can be used once.',
    'If you did not ask for it, ignore this message; nobody can use it without access to your mailbox.',
  ],
  sms: '[{{brand}}] Your code to {{purpose}} is {{code}}, valid for {{minutes}} minutes. Do not share it.',
  confirmChange: {
    subject: '{{brand}}: confirm the change of your contact details',
    body: [
      '{{operator}}, an administrator of account {{account}}, asked to change the {{what}} of your user {{user}} to {{value}}.',
      'To agree, open this link within {{minutes}} minutes (it works once): {{link}}',
      'If you do not agree, ignore this message: nothing changes.',
    ],
    sms: '[{{brand}}] {{operator}} asked to change the {{what}} of your user {{user}} to {{value}}. Agree within {{minutes}} minutes: {{link}}',
    email: 'e-mail address',
    phone: 'phone number',
    both: 'e-mail address and phone number',
  },
  changeNotice: {
    subject: '{{brand}}: a change of your contact details was requested',
    body: [
      '{{operator}}, an administrator of account {{account}}, asked to change the {{what}} of your user {{user}}.',
      'The change takes effect only if it is agreed through the link sent to the new address.',
      'If you did not expect this, contact your account administrator.',
    ],
    sms: '[{{brand}}] {{operator}} asked to change the {{what}} of your user {{user}}. It takes effect only after confirmation at the new address.',
  },
  invitation: {
    subject: '{{brand}}: {{operator}} invited you to account {{account}}',
    body: [
      '{{operator}}, an administrator of account {{account}}, added you as user {{user}}.',
      'To accept, open this link within {{hours}} hours and set your password (the link works once): {{link}}',
      'Then sign in with account {{account}}, username {{user}} and the password you set.',
      'If you did not expect this invitation, ignore this message.',
    ],
    sms: '[{{brand}}] {{operator}} invited you to account {{account}} as user {{user}}. Set your password within {{hours}} hours: {{link}}',
  },
  /** A platform operator's decision on a review queue's item, told to the customer. */
  reviewOutcome: {
    subject: '{{brand}}: your {{item}} {{outcome}}',
    body: [
      'Account {{account}}: your {{item}} {{outcome}}.',
      'Reason: {{reason}}',
      'See the details in the console.',
    ],
    sms: '[{{brand}}] Account {{account}}: your {{item}} {{outcome}}. See the details in the console.',
    items: {
      verification: 'enterprise verification',
      remittance: 'bank transfer of {{amount}}',
      formal: 'application for the enterprise edition',
    },
    outcomes: {
      approved: 'was approved',
      confirmed: 'was received and credited to the balance',
      refused: 'was not approved',
    },
  },
  /** How a message to a user names the platform's back office when an operator acted (never by name). */
  platformSupport: 'Platform support',
  /** The invitation sent again by the platform's support (back office). */
  invitationBySupport: {
    subject: '{{brand}}: your invitation to account {{account}}',
    body: [
      'The platform support team sent again your invitation to account {{account}} as user {{user}}, at the request of you or your administrator.',
      'To accept, open this link within {{hours}} hours and set your password (the link works once): {{link}}',
      'Then sign in with account {{account}}, username {{user}} and the password you set. Earlier links no longer work.',
      'If you did not expect this invitation, ignore this message.',
    ],
  },
  /** The login protection reset by the platform's support (back office). */
  mfaResetBySupport: {
    subject: '{{brand}}: the login protection of your user {{user}} was reset by platform support',
    body: [
      'The platform support team reset the login protection of your user {{user}} in account {{account}}: its authenticator app and passkeys were removed, and its sessions ended.',
      'At your next sign-in with your password, set up login protection again if you are asked to.',
      "If you did not ask for this, tell your account administrator at once: the account's audit log shows the reset and its reason.",
    ],
  },
  mfaReset: {
    subject: '{{brand}}: the login protection of your user {{user}} was reset',
    body: [
      '{{operator}}, an administrator of account {{account}}, reset the login protection of your user {{user}}: its authenticator app and passkeys were removed, and its sessions ended.',
      'At your next sign-in with your password, set up login protection again if you are asked to.',
      'If you did not expect this, contact your account administrator at once.',
    ],
    sms: '[{{brand}}] {{operator}} reset the login protection of your user {{user}}: authenticator and passkeys removed. Set it up again at your next sign-in. Not expected? Contact your administrator.',
  },
  /** The platform operator suspended or resumed the account (the back office), to its administrators. */
  accountSuspended: {
    subject: '{{brand}}: account {{account}} is suspended',
    body: [
      'The platform operator suspended account {{account}}, of which you are an administrator. Reason: {{reason}}',
      'Its users are signed out and cannot sign in, and its API cannot be used, until the account is resumed.',
      'If you have questions, contact the platform operator.',
    ],
    sms: '[{{brand}}] The platform operator suspended account {{account}}: its users cannot sign in until it is resumed. Questions? Contact the platform operator.',
  },
  accountResumed: {
    subject: '{{brand}}: account {{account}} is resumed',
    body: [
      'The platform operator resumed account {{account}}, of which you are an administrator. Reason: {{reason}}',
      'Its users can sign in again.',
    ],
    sms: '[{{brand}}] The platform operator resumed account {{account}}: its users can sign in again.',
  },
  passwordExpiry: {
    subject: '{{brand}}: your password expires on {{date}}',
    body: [
      'The password of your user {{user}} in account {{account}} expires on {{date}}.',
      'Change it before then from the user menu of the console ("Change password"); afterwards you will be asked to reset it at sign-in.',
    ],
  },
  /** Balance alerts, webhook test messages and operator defaults of billing. */
  billing: {
    /** In the account's currency (decision 0016): CNY in the domestic edition, USD in the international. */
    money: { CNY: 'CNY {{amount}}', USD: 'USD {{amount}}' },
    lowBalance: {
      subject: '{{brand}}: the balance of account {{account}} is below {{threshold}}',
      body: [
        'The available balance of account {{account}} is {{balance}}, below the warning threshold of {{threshold}}.',
        'Top up in the console (Billing, Balance) to keep your services running: usage that the balance does not cover becomes an outstanding amount, and services are paused after a period in arrears.',
      ],
      text: '[{{brand}}] The balance of account {{account}} is {{balance}}, below the warning threshold of {{threshold}}. Please top up in time.',
    },
    smart: {
      subject: '{{brand}}: the balance of account {{account}} lasts about {{days}} more days',
      body: [
        'The available balance of account {{account}} is {{balance}}. At the average daily spend of the past 7 days ({{average}}), it covers about {{days}} days, {{limit}} days or less.',
        'Top up in the console (Billing, Balance) to keep your services running: usage that the balance does not cover becomes an outstanding amount, and services are paused after a period in arrears.',
      ],
      text: '[{{brand}}] The balance of account {{account}} is {{balance}} and lasts about {{days}} more days at the average daily spend of the past 7 days ({{average}}). Please top up in time.',
    },
    webhookTest:
      '[{{brand}}] Test message of webhook {{name}} of account {{account}}: alerts will arrive here.',
    voucherName: 'Voucher of {{money}}',
  },
};

export default mail;
