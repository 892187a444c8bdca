import { ErrorCode } from '@console/contract/codes';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { defineRoute } from '../../http/define-route';

const readyTimeoutMs = 2_000;

export function healthRoutes(app: FastifyInstance): void {
  defineRoute(app, 'healthz', () => ({ status: 'ok' as const }));
  defineRoute(app, 'readyz', async ({ deps }) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        deps.database.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('database ping timed out')), readyTimeoutMs);
        }),
      ]);
    } catch (error) {
      throw new AppError(ErrorCode.unavailable, { cause: error, data: { status: 'unavailable' } });
    } finally {
      clearTimeout(timer);
    }
    return { status: 'ok' as const };
  });
}
