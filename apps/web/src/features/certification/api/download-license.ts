/**
 * POST /api/portal/billing/certification/download (administrators): the business licence the
 * account uploaded for its enterprise verification, saved under its uploaded name. The server
 * serves only the account's own uploads, with their content type, as an attachment.
 */
import { endpoint } from '@/lib/api-client';
import { fetchFile, saveBlob } from '@/lib/download';

const certificationDownloadEndpoint = endpoint(
  'certificationDownload',
  'POST',
  '/api/portal/billing/certification/download',
);

/** Downloads the licence; answers the saved file's name. */
export async function downloadLicense(fileId: string): Promise<string> {
  const { blob, fileName } = await fetchFile(certificationDownloadEndpoint.path, { fileId }, 'licence');
  saveBlob(blob, fileName);
  return fileName;
}
