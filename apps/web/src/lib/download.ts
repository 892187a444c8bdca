/**
 * Files the API answers instead of an envelope (an uploaded licence): a POST whose 2xx answer is
 * the file, saved under the name its Content-Disposition gives. A JSON answer is a failure
 * envelope and is thrown as the API client's `ApiError`, with the server's code and translated
 * message, for the caller to show.
 */
import { ClientHeader, ClientHeaderValue, LangHeader } from '@console/contract/enums';
import { ApiError } from '@/lib/api-client';
import { getLanguage } from '@/lib/language';

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain?.[1]?.trim() || null;
}

async function failureOf(res: Response, path: string): Promise<ApiError> {
  try {
    const body = (await res.json()) as { code?: unknown; message?: unknown; data?: unknown };
    return new ApiError({
      kind: res.ok ? 'business' : 'http',
      code: typeof body.code === 'number' ? body.code : res.status,
      status: res.status,
      path,
      message: typeof body.message === 'string' ? body.message : res.statusText,
      data: body.data ?? null,
    });
  } catch {
    return new ApiError({
      kind: 'http',
      code: res.status,
      status: res.status,
      path,
      message: res.statusText,
    });
  }
}

/** POSTs `body` to `path` and answers the file of the answer with its name. */
export async function fetchFile(
  path: string,
  body: unknown,
  fallbackName: string,
): Promise<{ blob: Blob; fileName: string }> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        Accept: '*/*',
        'Content-Type': 'application/json',
        [LangHeader]: getLanguage(),
        [ClientHeader]: ClientHeaderValue,
      },
      body: JSON.stringify(body),
    });
  } catch (cause) {
    throw new ApiError({
      kind: 'network',
      code: 0,
      status: 0,
      path,
      message: cause instanceof Error ? cause.message : 'network error',
    });
  }
  const type = res.headers.get('Content-Type') ?? '';
  if (!res.ok || type.includes('application/json')) throw await failureOf(res, path);
  const blob = await res.blob();
  return { blob, fileName: fileNameOf(res.headers.get('Content-Disposition')) ?? fallbackName };
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
