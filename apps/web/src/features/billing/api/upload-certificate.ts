/**
 * POST /api/portal/billing/certification/upload?fileName=…&purpose=remittance (administrators):
 * uploads a transfer certificate as multipart `file` (JPG, JPEG, PNG or PDF, at most 10 MiB,
 * checked again by the server by content). Answers the stored file's id. Failures are shown beside
 * the file field (no toast); a lost session goes to /login as with every call.
 */
import type { TRouteData } from '@console/contract';
import { endpoint, uploadFile } from '@/lib/api-client';

const certificationUploadEndpoint = endpoint(
  'certificationUpload',
  'POST',
  '/api/portal/billing/certification/upload',
);

export type TUploadedFile = TRouteData<'certificationUpload'>;

export function uploadCertificate(file: File): Promise<TUploadedFile> {
  return uploadFile(certificationUploadEndpoint, file, {
    query: { fileName: file.name, purpose: 'remittance' },
    hints: false,
  });
}
