/** Single sign-on pages. */
const sso = {
  errorPageTitle: 'Authentication failed',
  errorTitle: 'Authentication failed',
  errorText: 'Single sign-on could not sign you in. Try again, or contact your account administrator.',
  details: 'Message from the identity provider',
  noDetails: 'No further details were given.',
  backToLogin: 'Back to login',
};

export default sso;
