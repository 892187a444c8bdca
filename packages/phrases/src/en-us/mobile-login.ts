/** The simplified mobile login (English only: phones on the configured hosts and the face pages). */
const mobileLogin = {
  pageTitle: 'Mobile login',
  welcomeTitle: 'Welcome',
  welcomeText: 'Sign in to continue on your phone.',
  start: 'Login',
  formTitle: 'Log in',
  back: 'Back',
  redirecting: 'Signed in. Opening…',
};

export default mobileLogin;
