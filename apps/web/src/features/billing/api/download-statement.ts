/** POST /api/portal/billing/history/download (administrators): a month's statement as XLSX or CSV. */
import type { TExportFormat } from '@console/contract/billing-enums';
import { endpoint } from '@/lib/api-client';
import { downloadFile } from '../lib/download';

const statementDownloadEndpoint = endpoint(
  'statementDownload',
  'POST',
  '/api/portal/billing/history/download',
);

export function downloadStatement(id: number, month: string, format: TExportFormat): Promise<string> {
  return downloadFile(statementDownloadEndpoint.path, { id, format }, `statement-${month}.${format}`);
}
