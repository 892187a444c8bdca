/** Messages of validation keys (schemas and rules of packages/contract). */
const validation = {
  accountNameRequired: 'Please enter your account name',
  accountNameLetters: 'Only letters are supported for account names',
  accountNameTooLong: 'The account name is too long',
  usernameRequired: 'Please enter username',
  usernameFormat: 'Start with a letter, then letters, digits or underscores, 5 to 32 characters',
  passwordRequired: 'Please enter password',
  passwordTooLong: 'The password is too long',
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
