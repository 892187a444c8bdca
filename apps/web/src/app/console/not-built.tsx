import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** A console route whose page a later issue builds: the not-found result, inside the shell. */
export default function NotBuiltPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <div className="cz-result" data-testid="page-not-found">
      <div className="cz-result__code" aria-hidden="true">
        404
      </div>
      <h2 className="cz-result__title">{t('noFoundTitle')}</h2>
      <div className="cz-result__text">{t('noFoundText')}</div>
      <div className="cz-result__actions">
        <Button variant="primary" onClick={() => navigate(paths.workbench)}>
          {t('goHome')}
        </Button>
      </div>
    </div>
  );
}
