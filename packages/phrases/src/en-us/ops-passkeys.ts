/** The back office's passkeys and an operator's own second factor (decision 0050). */
const opsPasskeys = {
  setupPasskeyTitle: 'Create a passkey',
  setupPasskeyHint:
    'Your fingerprint, face, screen lock or a security key, which cannot be phished. Name the passkey, then follow your device’s prompt.',
  useAuthenticator: 'Use an authenticator app instead',
  // Names and the ceremony.
  nameLabel: 'Name',
  namePlaceholder: 'For example: MacBook Touch ID',
  nameRequired: 'Enter a name of up to 64 characters.',
  defaultName: 'Passkey',
  create: 'Create passkey',
  creating: 'Follow your device’s prompt…',
  // The second step of a sign-in and the step-up.
  stepTitle: 'Verify with a passkey',
  stepHint: 'Use the passkey on this device, your phone or your security key.',
  use: 'Use passkey',
  waiting: 'Waiting for your passkey…',
  usePasskey: 'Use a passkey instead',
  useCode: 'Use the authenticator code instead',
  // Failures of the device (the server's are its error codes).
  unsupported:
    'This browser cannot use passkeys. Use a current version of Chrome, Edge, Safari or Firefox, and open the back office at localhost or over HTTPS.',
  cancelled: 'The passkey request was cancelled or timed out. Try again.',
  exists: 'This device already holds one of your passkeys.',
  failed: 'Your device could not use the passkey. Try again.',
  // My account: the second-factor section.
  sectionTitle: 'Second factor',
  sectionHint:
    'Every sign-in asks for one of these after your password. Changes ask for your second factor again when it was proven more than 15 minutes ago.',
  authenticatorTitle: 'Authenticator app',
  authenticatorOn: 'Set up',
  authenticatorOff: 'Not set up',
  authenticatorReplace: 'Replace authenticator app',
  authenticatorAdd: 'Set up authenticator app',
  authenticatorDialogTitle: 'Set up the new authenticator app',
  authenticatorScan:
    'Scan the QR code with your authenticator app, or type the key, then enter the code it shows. Your current app works until then.',
  authenticatorCode: 'Code from the app',
  authenticatorCodeInvalid: 'Enter the 6-digit code.',
  authenticatorConfirm: 'Confirm',
  authenticatorReplaced: 'Authenticator app set up',
  passkeysTitle: 'Passkeys',
  passkeysCount: '{{count}} of {{max}}',
  passkeysEmpty: 'No passkeys yet.',
  add: 'Add a passkey',
  addTitle: 'Add a passkey',
  added: 'Passkey added',
  neverUsed: 'Not used yet',
  createdAt: 'Added {{date}}',
  lastUsed: 'Last used {{date}}',
  synced: 'Synced',
  rename: 'Rename',
  renameTitle: 'Rename the passkey',
  renamed: 'Passkey renamed',
  remove: 'Remove',
  removeTitle: 'Remove the passkey “{{name}}”?',
  removeText: 'You will no longer be able to sign in to the back office with it.',
  removed: 'Passkey removed',
  lastFactor: 'Your last second factor cannot be removed: add another one first.',
  cancel: 'Cancel',
  save: 'Save',
  secondFactorAt: 'Second factor last proven {{date}}',
  loadFailed: 'Your second factors could not be loaded.',
};

export default opsPasskeys;
