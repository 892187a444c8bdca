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
  },
  subject: '{{brand}}: your verification code {{code}}',
  body: [
    'Your verification code to {{purpose}} is {{code}}.',
    'It is valid for {{minutes}} minutes and can be used once.',
    'If you did not ask for it, ignore this message; nobody can use it without access to your mailbox.',
  ],
  sms: '[{{brand}}] Your code to {{purpose}} is {{code}}, valid for {{minutes}} minutes. Do not share it.',
};

export default mail;
