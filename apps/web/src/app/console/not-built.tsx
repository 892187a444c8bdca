import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

/** A console route whose page a later issue builds: the not-found result, inside the shell. */
export default function NotBuiltPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('noFoundTitle')}
      subTitle={t('noFoundText')}
      data-testid="page-not-found"
      extra={
        <Button type="primary" onClick={() => navigate(paths.workbench)}>
          {t('goHome')}
        </Button>
      }
    />
  );
}
