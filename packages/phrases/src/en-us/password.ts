/** Setting a password: shared by the public pages (reset, registration) and the console. */
const password = {
  newPassword: 'New password',
  newPasswordPlaceholder: 'Enter a new password',
  password: 'Password',
  passwordPlaceholder: 'Enter a password',
  confirmPassword: 'Confirm password',
  confirmPasswordPlaceholder: 'Enter the password again',
  confirmRequired: 'Please enter the password again',
  currentPassword: 'Current password',
  currentPasswordPlaceholder: 'Enter your current password',
  show: 'Show password',
  hide: 'Hide password',
  /** The rule under a new-password field. */
  rule: '{{minLength}}-32 characters, with {{types}}; letters, digits and symbols without spaces.',
};

export default password;
