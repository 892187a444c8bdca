/** An operator as the back office shows it: never its password hash or authenticator secret. */
import type { TOpsOperator } from '@console/contract/ops';
import type { TOperatorRow } from './operator.repository';

export function operatorView(row: TOperatorRow): TOpsOperator {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    status: row.status,
    hasAuthenticator: row.totpSecret !== null,
    mustChangePassword: row.mustChangePassword,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}
