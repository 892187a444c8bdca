/**
 * Errors are codes (packages/contract codes.ts), never sentences: the error handler translates the
 * code into the request's language. `params` fill the message's placeholders; `data` travels to
 * the client in the envelope (e.g. the attempt counts of a 4019).
 */
import { httpStatusOf } from '@console/contract/codes';

export type TAppErrorOptions = {
  data?: unknown;
  params?: Record<string, unknown>;
  /** A phrase key of the `errors` namespace to use instead of the code's own message. */
  messageKey?: string;
  headers?: Record<string, string>;
  /** Internal detail for the log; never sent to the client. */
  cause?: unknown;
};

export class AppError extends Error {
  readonly code: number;
  readonly data: unknown;
  readonly params: Record<string, unknown> | undefined;
  readonly messageKey: string;
  readonly headers: Record<string, string> | undefined;

  constructor(code: number, options: TAppErrorOptions = {}) {
    super(`AppError ${code}${options.messageKey ? ` (${options.messageKey})` : ''}`, {
      cause: options.cause,
    });
    this.name = 'AppError';
    this.code = code;
    this.data = options.data ?? null;
    this.params = options.params;
    this.messageKey = options.messageKey ?? String(code);
    this.headers = options.headers;
  }

  get httpStatus(): number {
    return httpStatusOf(this.code);
  }
}
