/** Accepting an invitation (/userManage/{userId}?token=…): set a password, bind login protection, sign in. */
const invitation = {
  pageTitle: 'Accept the invitation',
  title: 'Welcome to account {{account}}',
  subtitle: 'An administrator added you as a user. Set your password to finish.',
  account: 'Account',
  username: 'Username',
  sentTo: 'Invitation sent to',
  expires: 'Link valid until',
  loading: 'Loading the invitation…',
  steps: { password: 'Set password', protection: 'Login protection', done: 'Done' },
  passwordHint: 'Choose the password you will sign in with.',
  next: 'Next',
  submit: 'Accept and set password',
  submitting: 'Saving…',
  protectionTitle: 'Bind an authenticator app',
  protectionHint:
    'Account {{account}} requires login protection. Scan the key with an authenticator app (for example Google Authenticator or Microsoft Authenticator), then enter the 6-digit code it shows.',
  protectionPhone:
    'Account {{account}} requires login protection: sign-ins will also ask for a code sent to {{target}}, the phone that received this invitation.',
  protectionEmail:
    'Account {{account}} requires login protection: sign-ins will also ask for a code sent to {{target}}, the address that received this invitation.',
  back: 'Back',
  doneTitle: 'You are all set',
  doneText: 'Your password is set. Sign in to account {{account}} as {{username}}.',
  doneProtection: 'Login protection is on: sign-ins also ask for your second-step code.',
  goToLogin: 'Go to sign in',
  invalidTitle: 'This invitation link is not valid',
  usedTitle: 'This invitation was already accepted',
  revokedTitle: 'This invitation is no longer valid',
  expiredTitle: 'This invitation has expired',
  missingText: 'The link is incomplete. Open the whole link from the invitation message.',
  failedTitle: 'The invitation could not be loaded',
  retry: 'Try again',
};

export default invitation;
