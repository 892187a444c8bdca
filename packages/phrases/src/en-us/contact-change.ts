/** Confirming a contact change asked by an administrator (/confirm-change), and pending changes. */
const contactChange = {
  pageTitle: 'Confirm the change',
  title: 'Confirm the change of your contact details',
  subtitle: '{{operator}} asked to change the contact details of your user. Nothing changes until you agree.',
  userName: 'User',
  operator: 'Requested by',
  email: 'New e-mail address',
  phone: 'New phone number',
  updateTime: 'Sent at',
  agree: 'Agree',
  agreeing: 'Agreeing…',
  ignoreHint: 'If you did not expect this change, ignore it: the link expires after 1 hour.',
  doneTitle: 'Change confirmed',
  doneText: 'Your contact details are updated. Going to the login page in {{seconds}} s…',
  goToLogin: 'Go to login now',
  invalidTitle: 'The link is invalid',
  invalidText: 'The link was used, revoked or has expired. Ask your administrator to send a new one.',
  loading: 'Loading the change…',
  failedTitle: 'The change could not be loaded',
  retry: 'Try again',
};

export default contactChange;
