import type { TMeta } from '@console/contract';
import type { TPhrases } from '@console/phrases';
import { getPhrases } from '@/lib/phrases';
import { useQrCode } from '@/lib/qr-code';

export type THelpPanelProps = {
  id: string;
  meta: TMeta;
  texts: TPhrases['common']['help'];
};

/** Content of the help widget (a chunk of its own, loaded when the widget first opens). */
export default function HelpPanel({ id, meta, texts }: THelpPanelProps) {
  const isDomestic = meta.edition === 'domestic';
  const { emails, phone, qrUrl } = meta.support;
  const qr = useQrCode(isDomestic ? qrUrl : null, { width: 176, margin: 1, errorCorrectionLevel: 'M' });

  return (
    <section className="cz-help__panel" id={id} aria-labelledby={`${id}-title`} data-testid="help-panel">
      <h2 className="cz-help__title" id={`${id}-title`}>
        {texts.title}
      </h2>
      <dl className="cz-help__list">
        {emails.map((email) => (
          <div className="cz-help__row" key={email}>
            <dt>{texts.email}</dt>
            <dd>
              <a className="cz-link" href={`mailto:${email}`} data-testid="help-email">
                {email}
              </a>
            </dd>
          </div>
        ))}
        {isDomestic && phone ? (
          <div className="cz-help__row">
            <dt>{texts.phone}</dt>
            <dd>
              <a className="cz-link" href={`tel:${phone.replace(/[^\d+]/g, '')}`} data-testid="help-phone">
                {phone}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
      {isDomestic && qrUrl ? (
        <figure className="cz-help__qr">
          {qr.status === 'ready' ? (
            <img src={qr.src} width={176} height={176} alt={texts.scan} data-testid="help-qr" />
          ) : qr.status === 'failed' ? (
            <span className="cz-help__qr-placeholder" role="alert" data-testid="help-qr-failed">
              {getPhrases('common').chunkLoadFailed}
            </span>
          ) : (
            <span className="cz-help__qr-placeholder" aria-hidden="true" />
          )}
          <figcaption>{texts.scan}</figcaption>
        </figure>
      ) : null}
    </section>
  );
}
