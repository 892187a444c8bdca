/** The login page. */
const login = {
  pageTitle: 'Log in',
  brandTitle: 'One platform for all your data',
  brandSubtitle: 'Lakehouse, Insight BI and a natural-language data assistant, in one account.',
  brandPoints: [
    'Lakehouse: storage and compute for every workload',
    'Insight: dashboards and self-service analysis',
    'Data assistant: ask your data in plain language',
  ],
  formTitle: 'Account login',
  accountName: 'Account name',
  accountNamePlaceholder: 'Enter your account name',
  username: 'Username',
  usernamePlaceholder: 'Enter username',
  password: 'Password',
  passwordPlaceholder: 'Enter password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  submit: 'Log in',
  submitting: 'Logging in…',
  recentAccounts: 'Recent accounts',
  removeRecent: 'Remove {{name}} from recent accounts',
  forgotAccount: 'Forgot account?',
  forgotUsername: 'Forgot username?',
  forgotPassword: 'Forgot password?',
  noAccount: 'No account yet?',
  license: 'Activate a Huawei Cloud license',
  register: 'Register',
  success: 'Login successful',
  attempts:
    'Incorrect password: attempt {{current}} of {{total}}. After {{total}} wrong attempts, login is locked for 1 minute.',
  locked: 'Locked for 1 minute after repeated wrong passwords. Try again in {{seconds}} s.',
  /** 429: too many failed sign-ins from the client's network address (all names together). */
  addressBlocked:
    'Too many failed sign-ins from your network address. For your security, try again in {{seconds}} s.',
  loginAddressHint: 'You are on the login address of account {{name}}.',
  ssoHint: 'This account signs in with single sign-on (SSO).',
  ssoLogin: 'SSO login',
  ssoAdminLogin: 'Administrator login',
  ssoBack: 'Back to SSO login',
  otherSignIn: 'Other ways to sign in',
  thirdPartyLogin: 'Sign in with {{name}}',
  passkeySignIn: 'Sign in with a passkey',
  passkeyCancel: 'Cancel the passkey request',
  passkeyErrors: {
    unsupported: 'This browser cannot use passkeys. Sign in with your username and password.',
    cancelled: 'The passkey request was cancelled or timed out. Try again.',
    exists: 'The passkey could not be used. Try again.',
    failed: 'Your device could not use the passkey. Try again.',
  },
};

export default login;
