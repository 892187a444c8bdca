/**
 * POST /api/portal/billing/detail/download/list (administrators): the filtered bill details as a
 * streamed XLSX or CSV file, saved by the browser.
 */
import type { TBillingFilter } from '@console/contract';
import type { TExportFormat } from '@console/contract/billing-enums';
import { endpoint } from '@/lib/api-client';
import { downloadFile } from '../lib/download';

const billingDetailDownloadEndpoint = endpoint(
  'billingDetailDownload',
  'POST',
  '/api/portal/billing/detail/download/list',
);

export function downloadBillingDetails(filter: TBillingFilter, format: TExportFormat): Promise<string> {
  return downloadFile(billingDetailDownloadEndpoint.path, { ...filter, format }, `bill-details.${format}`);
}
