/** Self-service recovery without a session: find the account, find the username, reset the password. */
const recovery = {
  steps: {
    verify: 'Verify',
    result: 'Result',
    password: 'New password',
  },
  method: {
    phone: 'Phone number',
    email: 'E-mail address',
    usePhone: 'Use a phone number instead',
    useEmail: 'Use an e-mail address instead',
    emailPlaceholder: 'name@example.com',
  },
  next: 'Next',
  verifying: 'Verifying…',
  goToLogin: 'Go to login',
  copy: 'Copy',
  copied: 'Copied',
  findAccount: {
    pageTitle: 'Find your account',
    title: 'Find your account',
    subtitle:
      'Verify the phone number or e-mail address you registered with: we show the accounts registered with it.',
    resultTitle: 'Accounts found',
    resultSubtitle: 'These accounts are registered with {{target}}.',
    none: 'No account was found',
    noneText: 'No account is registered with {{target}}. Check it, or try the other way of finding it.',
    tryAgain: 'Try again',
    accountName: 'Account name',
    displayName: 'Display name',
    loginAddress: 'Login address',
    loginTo: 'Log in to this account',
  },
  findUsername: {
    pageTitle: 'Find your username',
    title: 'Find your username',
    subtitle:
      'Enter your account name, then verify the phone number or e-mail address of your user: we show its usernames.',
    accountName: 'Account name',
    accountNamePlaceholder: 'Enter your account name',
    resultTitle: 'Usernames found',
    count: '{{count}} username(s) in account {{account}} use {{target}}.',
    none: 'No username was found',
    noneText: 'No user of account {{account}} uses {{target}}. Check the account name and try again.',
    tryAgain: 'Try again',
    username: 'Username',
  },
  resetPassword: {
    pageTitle: 'Reset your password',
    title: 'Reset your password',
    subtitle: 'Resetting the password of {{username}} in account {{account}}.',
    verifyHint: 'To prove it is you, enter the code we send to the phone or e-mail address of this user.',
    channel: 'Receive the code by',
    phone: 'Phone',
    email: 'E-mail',
    sendTo: 'Send to',
    noContact:
      'This user has no phone number or e-mail address to receive a code. Ask your account administrator to reset the password.',
    passwordHint: 'Choose a new password. All of this user’s sessions end when it is set.',
    submit: 'Reset password',
    submitting: 'Resetting…',
    success: 'Password reset. Log in with your new password.',
    restart: 'The verification has expired. Verify again.',
    loadFailed: 'The reset could not be prepared. Check your network and try again.',
    retry: 'Try again',
    /** The reset lookup asks for the image captcha after many lookups from the client's address. */
    captchaHint:
      'Many password resets were started from your network. Enter the characters in the picture to go on.',
    continue: 'Continue',
  },
};

export default recovery;
