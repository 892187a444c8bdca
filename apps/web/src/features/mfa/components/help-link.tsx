import { QuestionCircleOutlined } from '@ant-design/icons';
import { Popover, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getMeta } from '@/lib/meta';

/** "How does login protection work?": the documentation when configured, else a short explanation. */
export function HelpLink() {
  const { t } = useTranslation('mfa');
  const docs = getMeta().links.docs;
  const label = (
    <>
      <QuestionCircleOutlined /> {t('protection.help')}
    </>
  );
  if (docs) {
    return (
      <Typography.Link href={docs} target="_blank" rel="noreferrer" data-testid="mfa-help-link">
        {label}
      </Typography.Link>
    );
  }
  return (
    <Popover
      trigger="click"
      content={
        <div className="cz-mfa-help">
          <p>{t('protection.description')}</p>
          <p>{t('ga.installText')}</p>
        </div>
      }
    >
      <Typography.Link data-testid="mfa-help-link">{label}</Typography.Link>
    </Popover>
  );
}
