/**
 * The frame of the public self-service pages (recovery, registration, contact-change confirmation,
 * SSO error): brand and language switch on top, one card in the middle, a link back to the login
 * page. Light: tokens and plain elements only (no antd), like the login page.
 */
import type { TLanguage } from '@console/contract/enums';
import { type ReactNode, useEffect } from 'react';
import { paths } from '@/config/paths';
import { getLanguage, switchLanguage } from '@/lib/language';
import { getPhrases } from '@/lib/phrases';
import { BrandMark } from '../brand-mark';
import { AppLink } from '../ui/app-link';
import { LanguageSwitch } from '../ui/language-switch';
import './public-layout.css';

export type TPublicLayoutProps = {
  /** The document title (before the product name). */
  pageTitle: string;
  /** Steps above the card's title. */
  steps?: ReactNode;
  title?: ReactNode;
  subtitle?: ReactNode;
  /** Wide cards hold two-column forms (registration). */
  size?: 'normal' | 'wide';
  children: ReactNode;
  /** Under the card (e.g. "Already have an account? Log in"). */
  below?: ReactNode;
  testId?: string;
};

export function PublicLayout({
  pageTitle,
  steps,
  title,
  subtitle,
  size = 'normal',
  children,
  below,
  testId,
}: TPublicLayoutProps) {
  const c = getPhrases('common');
  const lang = getLanguage();
  useEffect(() => {
    document.title = `${pageTitle} · ${c.productName}`;
  }, [pageTitle, c.productName]);
  return (
    <div className="cz-public" data-testid={testId}>
      <header className="cz-public__header">
        <AppLink
          className="cz-public__brand"
          href={paths.login}
          aria-label={`${c.productName} · ${c.backToLogin}`}
        >
          <span className="cz-public__mark">
            <BrandMark size={26} />
          </span>
          <span>{c.productName}</span>
        </AppLink>
        <LanguageSwitch
          value={lang}
          names={c.languages}
          label={c.language}
          onChange={(next: TLanguage) => switchLanguage(next)}
        />
      </header>
      <main className="cz-public__main">
        <div className={`cz-public__card cz-public__card--${size}`}>
          {steps}
          {title ? <h1 className="cz-public__title">{title}</h1> : null}
          {subtitle ? <p className="cz-public__subtitle">{subtitle}</p> : null}
          {children}
        </div>
        {below ? <div className="cz-public__below">{below}</div> : null}
      </main>
      <footer className="cz-public__footer">
        © {new Date().getFullYear()} {c.productName}
      </footer>
    </div>
  );
}
