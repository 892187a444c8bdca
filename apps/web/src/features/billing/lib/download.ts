/**
 * Exports (bill details, statements): a POST whose answer is a streamed file, saved under the name
 * the server gives (Content-Disposition). A JSON answer is a failure envelope (e.g. 4073, the bill
 * details could not be fetched): it is thrown as a `DownloadError` with the server's message.
 */
import { ClientHeader, ClientHeaderValue, LangHeader } from '@console/contract/enums';
import { getLanguage } from '@/lib/language';

export class DownloadError extends Error {
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.name = 'DownloadError';
    this.code = code;
  }
}

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

async function failureOf(res: Response): Promise<DownloadError> {
  try {
    const body = (await res.json()) as { code?: unknown; message?: unknown };
    const code = typeof body.code === 'number' ? body.code : res.status;
    return new DownloadError(code, typeof body.message === 'string' ? body.message : '');
  } catch {
    return new DownloadError(res.status, res.statusText);
  }
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

/** POSTs `body` to `path` and saves the file it answers; answers the saved file's name. */
export async function downloadFile(path: string, body: unknown, fallbackName: string): Promise<string> {
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
    throw new DownloadError(0, cause instanceof Error ? cause.message : 'network error');
  }
  const type = res.headers.get('Content-Type') ?? '';
  if (!res.ok || type.includes('application/json')) throw await failureOf(res);
  const blob = await res.blob();
  const fileName = fileNameOf(res.headers.get('Content-Disposition')) ?? fallbackName;
  saveBlob(blob, fileName);
  return fileName;
}
