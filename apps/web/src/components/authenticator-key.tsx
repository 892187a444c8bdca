import { interpolate } from '@console/phrases';
import { CopyButton } from './copy-button';
import './verify.css';

export type TAuthenticatorKeyTexts = {
  scan: string;
  manual: string;
  /** With `{{label}}`. */
  manualFields: string;
  qrAlt: string;
  secret: string;
  copy: string;
  copied: string;
};

export type TAuthenticatorKeyProps = {
  /** PNG data URL of the otpauth URI; null while it loads. */
  qrCode: string | null;
  /** The base32 secret for manual entry; null while it loads. */
  secret: string | null;
  /** The account label the app shows (e.g. `Console:demo/admin_demo`). */
  label: string;
  texts: TAuthenticatorKeyTexts;
};

/** Groups a base32 secret in fours for reading ("JBSW Y3DP …"). */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** Binding an authenticator app: the key as a QR code, or as text to type, with a copy button. */
export function AuthenticatorKey({ qrCode, secret, label, texts }: TAuthenticatorKeyProps) {
  return (
    <div className="cz-authkey" data-testid="authenticator-key">
      <figure className="cz-authkey__qr">
        {qrCode ? (
          <img src={qrCode} alt={texts.qrAlt} width={156} height={156} data-testid="mfa-qr" />
        ) : (
          <span className="cz-authkey__qr-loading" aria-hidden="true">
            <span className="cz-btn__spinner" />
          </span>
        )}
        <figcaption>{texts.scan}</figcaption>
      </figure>
      <div className="cz-authkey__manual">
        <p className="cz-authkey__manual-title">{texts.manual}</p>
        <div className="cz-authkey__secret-row">
          <code className="cz-authkey__secret" title={texts.secret} data-testid="mfa-secret">
            {secret ? groupSecret(secret) : '···· ···· ···· ····'}
          </code>
          {secret ? (
            <CopyButton
              text={secret}
              texts={{ copy: texts.copy, copied: texts.copied }}
              testId="mfa-secret-copy"
            />
          ) : null}
        </div>
        <p className="cz-authkey__fields">{interpolate(texts.manualFields, { label })}</p>
      </div>
    </div>
  );
}
