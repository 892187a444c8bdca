/**
 * The signed-in operator (`GET /api/ops/me`) and what the operator's role may do: a route of the
 * contract admits the roles it lists (`opsRoutes[id].roles`), so the pages hide or disable the acts
 * the role may not use, from the same table the server enforces.
 */
import type { TOpsRole } from '@console/contract/ops';
import { opsRoutes, type TOpsRouteId } from '@console/contract/ops';
import { useQuery } from '@tanstack/react-query';
import { callOps } from './ops-api';

export const opsMeKey = ['ops', 'me'] as const;

export const opsMeQuery = {
  queryKey: opsMeKey,
  queryFn: () => callOps('opsMe', { hints: false }),
  staleTime: 60_000,
  retry: false,
} as const;

/** The signed-in operator's session (the app draws its pages only once it is known). */
export function useOpsMe() {
  return useQuery(opsMeQuery);
}

/** Whether `role` may use the route `id` (its access, and for operator routes its roles). */
export function opsRoleCan(role: TOpsRole | null | undefined, id: TOpsRouteId): boolean {
  const route = opsRoutes[id];
  if (route.access !== 'operator') return true;
  const roles: readonly TOpsRole[] = 'roles' in route ? route.roles : [];
  return role ? roles.includes(role) : false;
}

/** Whether the signed-in operator's role may use the route `id`. */
export function useOpsCan(id: TOpsRouteId): boolean {
  const me = useOpsMe();
  return opsRoleCan(me.data?.operator.role, id);
}
