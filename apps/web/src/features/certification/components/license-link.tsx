import { FileTextOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notifier';
import { downloadLicense } from '../api/download-license';
import { failureText } from '../lib/api-failure';

/** "View licence": downloads the business licence of an enterprise verification (administrators). */
export function LicenseLink({ fileId }: { fileId: string }) {
  const { t } = useTranslation(['certification', 'common']);
  const [isLoading, setLoading] = useState(false);
  return (
    <Button
      type="link"
      icon={<FileTextOutlined />}
      loading={isLoading}
      data-testid="certification-license-view"
      onClick={() => {
        setLoading(true);
        downloadLicense(fileId)
          .catch((error: unknown) =>
            toast({
              level: 'warning',
              title: t('result.licenseFailed'),
              description: failureText(error, {
                networkError: t('networkError', { ns: 'common' }),
                requestFailed: t('requestFailed', { ns: 'common' }),
              }),
            }),
          )
          .finally(() => setLoading(false));
      }}
    >
      {t('result.viewLicense')}
    </Button>
  );
}
