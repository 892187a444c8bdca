/**
 * POST /api/portal/billing/certification/upload?fileName= (administrators): uploads a transfer
 * certificate as multipart `file` (JPG, JPEG, PNG or PDF, at most 10 MiB, checked again by the
 * server by content). Answers the stored file's id.
 */
import type { TRouteData } from '@console/contract';
import { ClientHeader, ClientHeaderValue, LangHeader } from '@console/contract/enums';
import { endpoint } from '@/lib/api-client';
import { getLanguage } from '@/lib/language';

const certificationUploadEndpoint = endpoint(
  'certificationUpload',
  'POST',
  '/api/portal/billing/certification/upload',
);

export type TUploadedFile = TRouteData<'certificationUpload'>;

type TUploadAnswer = { code?: number; message?: string; data?: unknown };

export async function uploadCertificate(file: File): Promise<TUploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const query = new URLSearchParams({ fileName: file.name, purpose: 'remittance' });
  const res = await fetch(`${certificationUploadEndpoint.path}?${query}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', [LangHeader]: getLanguage(), [ClientHeader]: ClientHeaderValue },
    body: form,
  });
  let body: TUploadAnswer | null = null;
  try {
    body = (await res.json()) as TUploadAnswer;
  } catch {
    body = null;
  }
  if (res.ok && body && (body.code === 0 || body.code === 200)) return body.data as TUploadedFile;
  const fieldErrors = (body?.data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors;
  const firstField = fieldErrors ? Object.values(fieldErrors)[0] : undefined;
  throw new Error(firstField ?? body?.message ?? res.statusText);
}
