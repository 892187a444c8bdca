/** Messages of response codes (packages/contract codes.ts), keyed by code. */
const errors = {
  '0': 'Success',
  '400': 'The request is invalid. Check the highlighted fields and try again.',
  '401': 'Session expired, please login again',
  '403': 'You do not have permission to perform this operation.',
  '404': 'The requested resource does not exist.',
  '405': 'This method is not allowed here.',
  '409': 'The request conflicts with the current state. Refresh and try again.',
  '413': 'The request is too large.',
  '415': 'Unsupported content type: send JSON.',
  '429': 'Too many requests. Please try again later.',
  '500': 'Operation failed, please contact the administrator. Request ID: {{requestId}}',
  '503': 'The service is temporarily unavailable. Please try again later.',
  '4004': 'Your session was ended on another device or by an administrator. Please sign in again.',
  '4019': 'Incorrect account name, username or password',
  '4020': 'This user has been disabled. Contact your account administrator.',
  '4021': 'This user has been deleted. Contact your account administrator.',
  '4022': 'Service users cannot log in to the console; they connect through JDBC or the API.',
  '4023': 'This account is stopped. Contact support.',
  '4024': 'Enter the characters of the picture first.',
  '4025': 'The characters of the picture do not match. Try a new picture.',
  '4026':
    'No phone number or e-mail address is bound for the second step. Contact your account administrator.',
  '4027': 'This phone number or e-mail address is already registered.',
  '4028': 'The invite code is invalid or has been used up.',
  '4029': 'The marketplace token is invalid. Open the page again from the marketplace.',
  '4210': 'The marketplace token has expired. Open the page again from your AWS Marketplace subscription.',
  '4211': 'AWS Marketplace could not check your subscription just now. Try again in a few minutes.',
  '4212':
    'This AWS account already has an account on this console. Sign in to it instead, or contact support.',
  '4030': 'The license is invalid: its signature does not verify.',
  '4031': 'The license has expired or was released.',
  '4032': 'The link is invalid: it was used, revoked or has expired.',
  '4033': 'The current password is wrong.',
  '4037': 'Only account administrators can perform this operation.',
  '4040': 'This account signs in through single sign-on. Use the SSO login button.',
  '4041': 'Password login of administrators is turned off for this account. Use single sign-on.',
  '4042': 'Single sign-on is not turned on for this account.',
  '4043': 'The identity provider could not be reached or its configuration could not be read: {{detail}}',
  '4044': 'Single sign-on failed.',
  '4045': 'This third-party sign-in is not available for the account.',
  '4046': 'This third-party identity is already bound to another user.',
  '4047': 'No identity of this provider is bound to your user.',
  '4130':
    'The identity provider did not sign the assertion. This account requires signed assertions: configure the identity provider to sign assertions, or let the account accept a signed response instead.',
  '4131':
    'The identity provider did not sign the response. This account accepts a signed response instead of signed assertions, so the response must be signed.',
  '4132':
    'The identity provider signed with {{algorithm}}, which is not accepted. Configure it to sign with RSA-SHA256 or stronger and a SHA-256 or SHA-512 digest.',
  '4133':
    'The identity provider sent a transient NameID, which changes at every sign-in and cannot be a username. Configure a persistent NameID at the identity provider, or choose a username attribute.',
  '4134':
    'The identity provider sent a sign-in the console did not ask for (an IdP-initiated sign-in). Start the sign-in from the console login page.',
  '4135':
    'The address {{host}} ({{address}}) is a loopback, private or link-local address, which this installation does not call. An operator can allow it with OUTBOUND_ALLOW_HOSTS.',
  '4050': 'The activation code is invalid, has been used or has expired.',
  '4051': 'The account is already a formal account.',
  '4052': 'An upgrade application is already in progress.',
  '4060': 'This service already has an instance in this region. Choose another region.',
  '4061': 'The instance cannot do that in its current status. Refresh and try again.',
  '4062': 'The Insight service is not opened for this account yet.',
  '4063': 'Too many Insight users: at most {{limit}} users can be enabled ({{enabled}} enabled now).',
  '4070': 'Insufficient balance. Please top up.',
  '4071': 'Recharge failed: {{detail}}',
  '4072': 'Webhook send failed. Check the address and the success key and value.',
  '4140':
    "Only Standard Webhooks secrets are generated here. A DingTalk or Feishu secret comes from the robot's settings: paste the new one into the webhook.",
  '4073': 'Failed to fetch bill details. Try again later.',
  '4080': 'Enterprise verification failed. Try again later.',
  '4081': 'Too many verification attempts today. Try again tomorrow.',
  '4082': 'The face check has expired or is finished. Start the verification again.',
  '4083': 'The account is verified already, or a verification waits for review.',
  '4150':
    'This user is the last account administrator: the account needs at least one enabled administrator. Make another user an administrator first.',
  '4151': 'Only regular users that are not deleted can hold roles.',
  '4152': 'You cannot do this to your own user.',
  '4153': 'The recovery period of this user has ended; it can no longer be recovered.',
  '4154': 'System service users are created with their instance and cannot be edited or deleted.',
  '4155': 'This user is deleted. Recover it first.',
  '4156':
    'This action is for service users only. Use the actions of regular users (delete, recover, reset password) for this user.',
  '4157':
    'This action is for regular users only. Service users are deleted, recovered and given new passwords with the service-user actions.',
  '4158':
    "To change another user's phone number or e-mail address, first verify your own identity with a code; the user then agrees through a confirmation link.",
  '4350':
    "To reset another user's login protection, first verify your own identity with a code sent to your phone or e-mail.",
  '4351': 'This user has no authenticator app and no passkey: there is no login protection to reset.',
  '4352': 'Your own login protection is changed under Login protection in your user menu, not reset here.',
  '4159':
    'This page of the user list no longer matches the list shown (its account, sort, search or page size). Start again from the first page.',
  '4100': 'Opening services is not configured on this installation; contact the platform operator.',
  '4101':
    'Cloud-marketplace registration is not configured on this installation; contact the platform operator.',
  '4102': 'Real-name verification is not configured on this installation; contact the platform operator.',
  '4103': 'Top-ups by {{channel}} are not configured on this installation; contact the platform operator.',
  '4104':
    'Text messages (SMS) are not configured on this installation, so no code can be sent by SMS; contact the platform operator.',
  '4105':
    'E-mail is not configured on this installation, so no code can be sent by e-mail; contact the platform operator.',
  '4106':
    'Huawei-cloud licence activation is not configured on this installation; contact the platform operator.',
  '4107': '{{feature}} is turned off on this installation.',
  '4108': 'Bank remittance is not configured on this installation; contact the platform operator.',
  '4091': 'Encryption failed',
  '4092': 'Decryption failed',
  '4093': 'The verification code has already been used',
  '4094': 'Verification failed',
  '4095': 'The verification code does not match',
  '4096': 'Exceeded the verification limit',
  '4097': 'Failed to send the verification code',
  '4098': 'Exceeded the call limit',
  '4160': 'Verification failed: this sign-in has expired. Log in again.',
  '4161':
    'Verification failed: an authenticator app is already bound. Rebind it after verifying your identity.',
  '4162': 'Verification failed: no authenticator app is bound yet.',
  '4163': 'Your account requires login protection for every user; it cannot be turned off.',
  '4164': 'The verification code has expired. Request a new one.',
  '4165':
    'Login protection cannot be required of every user yet. Users who could not complete the second step at sign-in: {{names}} ({{count}} in all). They have no passkey, and this installation cannot send a code to a phone number or e-mail address of theirs (SMS or e-mail is not configured, or they have none). Configure SMS or e-mail, or give them a phone number or e-mail address it can reach, then try again.',
  '4166':
    'To require login protection of every user, you must first be able to complete a second step yourself: this installation cannot send a code to your phone number or e-mail address (SMS or e-mail is not configured, or you have none).',
  '4167':
    'To require login protection of every user, first turn on login protection for yourself with an authenticator app: its code confirms the change.',
  '4168':
    'Confirm with your own second step to require login protection of every user: the code of your authenticator app, or a code sent to your phone or e-mail.',
  '4180': 'This share link is not valid. Check that you opened the whole link you were sent.',
  '4181': 'This share link has expired. Ask the person who shared it for a new one.',
  '4182': 'This share link was revoked. Ask the person who shared it for a new one.',
  '4183': 'The instance has no job with this id, or no longer keeps it.',
  '4184': 'Job profiles can be shared only for Lakehouse instances.',
  '4185': 'The instance did not answer about its jobs. Try again later.',
  '4186': 'Only the person who created this share link or an account administrator can revoke it.',
  '4190':
    'This passkey is not registered with this account. Sign in another way, or add the passkey again in Login protection.',
  '4191':
    "This passkey's signature counter went backwards, so it may have been copied. Sign in another way, then remove it and register it again.",
  '4192': 'The passkey could not be verified. Try again, and use a passkey made for this site.',
  '4193':
    'Sign-in with a passkey alone is not turned on for this account. Sign in with your username and password.',
  '4194': 'The passkey request has expired. Try again.',
  '4195': 'You already have 10 passkeys. Remove one before adding another.',
  '4196': 'Too many text messages have been sent to this number. Try again later.',
  '4197': 'The text message could not be sent: the phone number is not valid.',
  '4174': 'This invitation link is not valid. Check that you opened the whole link from the message.',
  '4175': 'This invitation was already accepted. Sign in with your username and the password you set.',
  '4176':
    'This invitation was revoked or replaced by a newer one. Ask your account administrator for a new invitation.',
  '4177':
    'This invitation has expired (links are valid for 72 hours). Ask your account administrator to send it again.',
  '4178':
    'Invitations cannot be sent by e-mail: no e-mail server is configured on this installation. Set an initial password instead, or contact the platform operator.',
  '4179':
    'Invitations cannot be sent by text message: no SMS service is configured on this installation. Set an initial password instead, or contact the platform operator.',
  /** 4097 of an invitation whose message could not be delivered. */
  invitationSendFailed: 'The invitation could not be sent. Try again later.',
  '4300': 'Wrong username or password. After 5 failed attempts, sign-in pauses for 15 minutes.',
  '4301': 'Replace the one-time password and set up a passkey or an authenticator app first.',
  '4302':
    'This act needs your second factor again (a passkey or the authenticator code): confirm it and retry.',
  '4303': 'The authenticator code is wrong or was already used. Wait for the next code and try again.',
  '4304': 'This sign-in step has expired. Please sign in again.',
  '4305': 'An operator with this username already exists.',
  '4306': 'No such operator.',
  '4307': 'You cannot do this to your own operator account: ask another owner.',
  '4308': 'The current password is wrong.',
  '4309': 'Your operator role does not allow this.',
  '4310': 'No such account.',
  '4311': 'This account is deleted: nothing can be done to it any more.',
  '4312': 'This account is suspended already.',
  '4313': 'This account is not suspended.',
  '4314': 'This account is not on trial.',
  '4315': 'This account does not require login protection.',
  '4316': 'An account with this name exists already.',
  '4317': 'This phone number or e-mail address is registered to another account.',
  '4370': 'The catalogue does not accept this change: {{problems}}',
  '4371': 'Another row of the catalogue already has this key (its id or code). Choose another.',
  '4372': 'This row is no longer in the catalogue. Reload the page and try again.',
  '4373': 'This row refers to a service or cloud provider that the catalogue does not have.',
  '4374':
    'Licences of this installation are signed with a private key kept off the server: issue them with the license-issue command and its --private-key option.',
  '4375': 'There is no activated licence with this id, or it has been released already.',
  '4376':
    'An invite code with this text already exists. Choose another, or leave it empty for a generated one.',
  '4380': 'This passkey is not one of yours. Use another passkey or your authenticator app.',
  '4381': 'The passkey could not be verified. Try again, and use a passkey made for this back office.',
  '4382': 'The passkey request has expired. Try again.',
  '4383': 'You already have 10 passkeys. Remove one before adding another.',
  '4384': 'This is your last second factor. Add another passkey or an authenticator app before removing it.',
  '4385':
    "This passkey's signature counter went backwards, so it may have been copied. Use another second factor, then remove it and add it again.",
  '4386': 'No such passkey among yours.',
  '4387': 'Start the replacement of the authenticator app again: scan the new code first.',
  '5059':
    'The password does not meet the password policy: at least {{minLength}} characters, with {{types}}.',
  '5060':
    'The password does not meet the password policy: at most 32 characters ({{minLength}}-32), with {{types}}.',
  '5061':
    'The password does not meet the password policy: it must contain {{types}} ({{minLength}}-32 characters).',
  '5062':
    'The password does not meet the password policy: printable ASCII characters without spaces only ({{minLength}}-32 characters, with {{types}}).',
  '5063': 'The new password must differ from the current one ({{minLength}}-32 characters, with {{types}}).',
  '5064': 'The password does not meet the password policy: {{minLength}}-32 characters, with {{types}}.',
  '5066': 'Your password must be reset before you can log in',
  /** Shown instead of 4019 while sign-in is locked. */
  passwordLocked: 'Locked for 1 minute after repeated wrong passwords. Try again in {{seconds}} s.',
  malformedJson: 'The request body is not valid JSON.',
  notFoundRoute: 'No API route {{method}} {{path}}.',
  otherAccount: 'The request refers to another account.',
  csrfHeaderMissing: 'This request needs the X-CZ-Client header.',
  loginBusy: 'The server is busy signing in other users. Please try again in a moment.',
  resendTooSoon: 'Exceeded the call limit: wait {{seconds}} s before requesting another code.',
  registrationLimit: 'Too many registrations from this address. Please try again later.',
  /** 429 while the client's address is blocked after many failed attempts (decision 0012). */
  addressBlocked:
    'Too many failed attempts from your network address. For your security, try again in {{seconds}} s.',
  featureRegister: 'Self-registration',
  featureMarketplaceRegister: 'Cloud-marketplace registration',
  featureHuaweiLicense: 'Huawei-cloud licence activation',
  featureCruBilling: 'Billing',
  featureGlobalPhone: 'The use of phone numbers outside mainland China',
  channelWechat: 'WeChat Pay',
  channelAlipay: 'Alipay',
  charTypeDIGIT: 'digits',
  charTypeLOWERCASE: 'lowercase letters',
  charTypeUPPERCASE: 'uppercase letters',
  charTypeSPECIAL: 'special characters',
  charTypesJoin: ', ',
  /** Between the usernames a message lists. */
  namesJoin: ', ',
  usernameTaken: 'This username is already used in the account.',
  notServiceUser: 'Only service users can be deleted here.',
  notRegularUser: 'Only regular users can be deleted here.',
  ownContactInProfile: 'Change your own phone number or e-mail address in My profile.',
  ssoFlowExpired: 'This sign-in has expired or was already completed. Start again from the login page.',
  ssoStateMismatch: 'The answer of the identity provider does not belong to this sign-in (state mismatch).',
  ssoNonceMismatch: 'The identity token does not belong to this sign-in (nonce mismatch).',
  ssoTokenInvalid: 'The identity token could not be verified: {{detail}}',
  ssoSignatureInvalid: "The signature of the identity provider's answer does not verify.",
  ssoAssertionExpired: "The identity provider's assertion has expired or is not yet valid.",
  ssoAudienceInvalid: "The identity provider's answer is meant for another service (audience mismatch).",
  ssoRecipientInvalid:
    "The identity provider's answer was sent to another address (recipient or destination mismatch).",
  ssoIssuerInvalid: 'The answer comes from another identity provider (issuer mismatch).',
  ssoReplayed: 'This assertion was already used. Sign in again.',
  ssoResponseInvalid: "The identity provider's answer is invalid: {{detail}}",
  ssoProviderError: 'The identity provider refused the sign-in: {{detail}}',
  ssoUsernameMissing: 'The identity provider did not send the username ({{claim}}).',
  ssoUnknownUser:
    'The user {{username}} does not exist in this account. Ask your account administrator to add it.',
  ssoUserDisabled: 'The user {{username}} is disabled. Contact your account administrator.',
  ssoUserUnavailable: 'The user {{username}} cannot sign in to the console.',
  ssoTestSucceeded: 'The connection works: the identity provider signed in {{username}}.',
  /** Why an outbound request failed (lib/outbound-failure.ts): a `{{detail}}` of 4043, 4072. */
  outboundNotFound: 'the host name {{host}} does not exist (DNS has no entry for it). Check the address.',
  outboundDnsFailed:
    'the host name {{host}} could not be looked up: the DNS server did not answer. Try again later.',
  outboundRefused: '{{host}} refused the connection: nothing accepts connections on port {{port}}.',
  outboundTimeout: '{{host}} did not answer within {{seconds}} seconds.',
  outboundReset: '{{host}} closed the connection before it answered.',
  outboundUnreachable: 'this server has no network route to {{host}}.',
  outboundCertExpired: 'the TLS certificate of {{host}} has expired or is not valid yet.',
  outboundCertSelfSigned: 'the TLS certificate of {{host}} is self-signed, so it is not trusted.',
  outboundCertUntrusted:
    'the TLS certificate of {{host}} is not issued by a trusted certificate authority, or its chain is incomplete.',
  outboundCertName: 'the TLS certificate of {{host}} is issued for another host name.',
  outboundTls: 'no secure connection (TLS) to {{host}} could be set up.',
  outboundBadPort:
    'port {{port}} of {{host}} is blocked for web requests; use the port the service publishes.',
  outboundHttpStatus: '{{host}} answered with HTTP status {{status}}.',
  outboundTooLarge: 'the answer of {{host}} is too large.',
  outboundRedirects: '{{host}} redirected too many times.',
  outboundNotAllowed:
    '{{host}} is a loopback, private or link-local address, which this installation does not call (an operator can allow it with OUTBOUND_ALLOW_HOSTS).',
  outboundFailed: 'the request to {{host}} failed ({{code}}).',
  /** What an identity provider's configuration lacks (modules/sso/sso-source-problem.ts). */
  ssoNotDiscovery:
    '{{host}} answered, but not with an OpenID Connect discovery document (/.well-known/openid-configuration of the issuer URL). Check the issuer URL.',
  ssoIssuerMismatch:
    'the discovery document of {{host}} names another issuer ({{issuer}}). Enter the issuer URL exactly as the identity provider states it.',
  ssoMetadataUrlScheme: 'the metadata URL must start with http:// or https://.',
  ssoMetadataEmpty: 'the metadata document is empty.',
  ssoMetadataTooLarge: 'the metadata document is too large.',
  ssoMetadataNotXml: 'the metadata is not well-formed XML.',
  ssoMetadataNoIdp:
    'the document is not SAML 2.0 metadata of an identity provider (it has no IDPSSODescriptor).',
  ssoMetadataNoEntityId: 'the metadata has no entityID.',
  ssoMetadataNoSsoService:
    'the metadata has no SingleSignOnService with the HTTP-Redirect or HTTP-POST binding.',
  ssoMetadataSsoUrl: 'the SingleSignOnService location of the metadata is not an http(s) address.',
  ssoMetadataNoCertificate: 'the metadata has no signing certificate.',
  ssoMetadataBadCertificate: 'the metadata holds a signing certificate that cannot be read.',
  /** 4072 of a test send that got no (good) answer: which host, and why. */
  webhookSendFailedBecause: 'Webhook send failed: {{detail}}',
  thirdPartyNotBoundLogin:
    'No user of this account is bound to that {{provider}} identity. Sign in with your password and bind it first.',
  thirdPartyBound: 'Your {{provider}} identity is now bound.',
};

export default errors;
