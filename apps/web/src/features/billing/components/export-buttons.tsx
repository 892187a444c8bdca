import { DownloadOutlined } from '@ant-design/icons';
import type { TExportFormat } from '@console/contract/billing-enums';
import { Button, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/notifier';

/**
 * Export as XLSX or CSV. A failure shows the server's message (4073, the bill details could not be
 * fetched), or the spec's wording of it. When the export cannot run, `disabledReason` says why:
 * the buttons are disabled, with the reason as their tooltip and description.
 */
export function ExportButtons({
  onExport,
  isDisabled = false,
  disabledReason,
  testId,
}: {
  onExport: (format: TExportFormat) => Promise<string>;
  isDisabled?: boolean;
  /** Why the export cannot run now (disables the buttons). */
  disabledReason?: string | undefined;
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
        error instanceof ApiError && error.message ? error.message : t('4073', { ns: 'errors' });
      const code = error instanceof ApiError && error.code ? String(error.code) : '4073';
      toast({ level: 'warning', title: code, description: message });
    } finally {
      setBusy(null);
    }
  };

  const isBlocked = isDisabled || Boolean(disabledReason);
  const reasonId = disabledReason ? `${testId}-reason` : undefined;
  const buttons = (
    <Space wrap>
      <Button
        icon={<DownloadOutlined />}
        loading={busy === 'xlsx'}
        disabled={isBlocked || (busy !== null && busy !== 'xlsx')}
        aria-describedby={reasonId}
        onClick={() => void run('xlsx')}
        data-testid={`${testId}-xlsx`}
      >
        {t('exportXlsx')}
      </Button>
      <Button
        icon={<DownloadOutlined />}
        loading={busy === 'csv'}
        disabled={isBlocked || (busy !== null && busy !== 'csv')}
        aria-describedby={reasonId}
        onClick={() => void run('csv')}
        data-testid={`${testId}-csv`}
      >
        {t('exportCsv')}
      </Button>
    </Space>
  );
  if (!disabledReason) return buttons;
  // Disabled buttons take no pointer: the tooltip hangs on their wrapper.
  return (
    <Tooltip title={disabledReason}>
      <div style={{ display: 'inline-block' }} data-testid={`${testId}-blocked`}>
        {buttons}
        <span id={reasonId} className="cz-visually-hidden">
          {disabledReason}
        </span>
      </div>
    </Tooltip>
  );
}
