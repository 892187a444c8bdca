/**
 * Exports (bill details, statements): a POST whose answer is a streamed file, saved under the name
 * the server gives. A JSON answer is a failure envelope (e.g. 4073, the bill details could not be
 * fetched), thrown as the API client's `ApiError` with the server's code and message.
 */
import { fetchFile, saveBlob } from '@/lib/download';

/** POSTs `body` to `path` and saves the file it answers; answers the saved file's name. */
export async function downloadFile(path: string, body: unknown, fallbackName: string): Promise<string> {
  const { blob, fileName } = await fetchFile(path, body, fallbackName);
  saveBlob(blob, fileName);
  return fileName;
}
