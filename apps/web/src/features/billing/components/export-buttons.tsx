import { DownloadOutlined } from '@ant-design/icons';
import type { TExportFormat } from '@console/contract/billing-enums';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notifier';
import { DownloadError } from '../lib/download';

/**
 * Export as XLSX or CSV. A failure shows the server's message (4073, the bill details could not be
 * fetched), or the spec's wording of it.
 */
export function ExportButtons({
  onExport,
  isDisabled = false,
  testId,
}: {
  onExport: (format: TExportFormat) => Promise<string>;
  isDisabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation(['billing', 'errors']);
  const [busy, setBusy] = useState<TExportFormat | null>(null);

  const run = async (format: TExportFormat) => {
    if (busy) return;
    setBusy(format);
    try {
      const file = await onExport(format);
      toast({ level: 'success', title: t('exported', { file }) });
    } catch (error) {
      const message =
        error instanceof DownloadError && error.message ? error.message : t('4073', { ns: 'errors' });
      const code = error instanceof DownloadError && error.code ? String(error.code) : '4073';
      toast({ level: 'warning', title: code, description: message });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space wrap>
      <Button
        icon={<DownloadOutlined />}
        loading={busy === 'xlsx'}
        disabled={isDisabled || (busy !== null && busy !== 'xlsx')}
        onClick={() => void run('xlsx')}
        data-testid={`${testId}-xlsx`}
      >
        {t('exportXlsx')}
      </Button>
      <Button
        icon={<DownloadOutlined />}
        loading={busy === 'csv'}
        disabled={isDisabled || (busy !== null && busy !== 'csv')}
        onClick={() => void run('csv')}
        data-testid={`${testId}-csv`}
      >
        {t('exportCsv')}
      </Button>
    </Space>
  );
}
