/**
 * Reading a bill's detail from the usage store (decision 0019): when the read itself fails (the
 * store errors or does not answer), the request is answered 4073 "bill detail fetch failed, try
 * again later" instead of a bare 500; the routes log the cause (`logBillDetailFailure`), the client
 * never sees it. Refusals the service decided
 * (another account's statement or instance: 403, bad filters: 400) pass through unchanged.
 */
import { ErrorCode } from '@console/contract/codes';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../errors';

export async function readBillDetail<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(ErrorCode.billDetailFailed, { cause: error });
  }
}

/** A rejection handler of the routes: logs the cause of a 4073, and passes every error on. */
export function logBillDetailFailure(log: FastifyBaseLogger) {
  return (error: unknown): never => {
    if (error instanceof AppError && error.code === ErrorCode.billDetailFailed) {
      log.error({ err: error.cause }, 'reading the bill detail failed');
    }
    throw error;
  };
}
