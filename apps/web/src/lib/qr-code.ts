/**
 * QR codes drawn in the browser (the help widget's, the face step's, a top-up order's): the
 * `qrcode` library is a chunk of its own, loaded on first use under the chunk-load timer (120 s).
 */
import { useEffect, useState } from 'react';
import { chunkLoader } from './lazy';

export const loadQrCode = chunkLoader(() => import('qrcode'));

export type TQrOptions = { width: number; margin: number; errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' };

export type TQrState =
  | { status: 'loading' }
  | { status: 'ready'; src: string }
  /** The library did not arrive (or failed): the caller shows the load error. */
  | { status: 'failed'; error: unknown };

/** A data URL of `value`'s QR code, drawn once the library has loaded; null draws nothing. */
export function useQrCode(value: string | null, options: TQrOptions): TQrState {
  const { width, margin, errorCorrectionLevel } = options;
  const [state, setState] = useState<TQrState>({ status: 'loading' });
  useEffect(() => {
    if (!value) return;
    let isLive = true;
    setState({ status: 'loading' });
    loadQrCode()
      .then((qr) =>
        qr.toDataURL(value, { width, margin, ...(errorCorrectionLevel ? { errorCorrectionLevel } : {}) }),
      )
      .then(
        (src) => isLive && setState({ status: 'ready', src }),
        (error: unknown) => isLive && setState({ status: 'failed', error }),
      );
    return () => {
      isLive = false;
    };
  }, [value, width, margin, errorCorrectionLevel]);
  return state;
}
