import type { TPhrases } from '@console/phrases';
import { BrandMark } from '@/components/brand-mark';
import { Icon } from '@/components/ui/icon';

export type TBrandPanelProps = {
  productName: string;
  texts: Pick<TPhrases['login'], 'brandTitle' | 'brandSubtitle' | 'brandPoints'>;
};

/** The left panel of the login page (hidden on narrow screens). */
export function BrandPanel({ productName, texts }: TBrandPanelProps) {
  return (
    <aside className="cz-brand" aria-label={productName}>
      <div className="cz-brand__logo">
        <BrandMark />
        <span>{productName}</span>
      </div>
      <div className="cz-brand__body">
        <h2 className="cz-brand__title">{texts.brandTitle}</h2>
        <p className="cz-brand__subtitle">{texts.brandSubtitle}</p>
        <ul className="cz-brand__points">
          {texts.brandPoints.map((point) => (
            <li key={point}>
              <Icon name="check" />
              <span>{point}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="cz-brand__art" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
    </aside>
  );
}
