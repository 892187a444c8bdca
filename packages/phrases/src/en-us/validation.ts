/** Messages of validation keys (schemas and rules of packages/contract). */
const validation = {
  accountNameRequired: 'Please enter your account name',
  accountNameLetters: 'Only letters are supported for account names',
  accountNameTooLong: 'The account name is too long',
  usernameRequired: 'Please enter username',
  usernameFormat: 'Start with a letter, then letters, digits or underscores, 5 to 32 characters',
  passwordRequired: 'Please enter password',
  passwordTooLong: 'The password is too long',
  phoneRequired: 'Please enter your phone number',
  phoneFormat: 'Please enter a valid phone number',
  emailRequired: 'Please enter your e-mail address',
  emailFormat: 'Please enter a valid e-mail address',
  codeRequired: 'Please enter the verification code',
  codeLength: 'The verification code has 6 characters',
  captchaRequired: 'Please enter the characters in the picture',
  captchaTooLong: 'Enter at most 10 characters',
  required: 'This field is required',
  invalidType: 'Expected {{expected}}',
  tooShort: 'Enter at least {{minimum}} characters',
  tooLong: 'Enter at most {{maximum}} characters',
  tooSmall: 'Must be at least {{minimum}}',
  tooBig: 'Must be at most {{maximum}}',
  invalidFormat: 'The format is invalid',
  invalidValue: 'The value is not one of the allowed values',
  invalid: 'The value is invalid',
};

export default validation;
