/**
 * POST /api/authority/v1/workspace/centre/listUserWorkspaces with `userId` (administrators): the
 * workspaces a user belongs to on each opened instance of the account, which the disable and
 * delete confirmation lists. An instance that did not answer in time comes back `isUnavailable`.
 * Failures show in the dialog, not as a toast: the confirmation stays usable without the list.
 */
import type { TRouteData } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { userKeys } from './users-api';

const listUserWorkspacesEndpoint = endpoint(
  'listUserWorkspaces',
  'POST',
  '/api/authority/v1/workspace/centre/listUserWorkspaces',
);

export type TUserWorkspaces = TRouteData<'listUserWorkspaces'>;

export function useUserWorkspaces(userId: number) {
  return useQuery({
    queryKey: [...userKeys.all, 'workspaces', userId] as const,
    queryFn: ({ signal }) => callApi(listUserWorkspacesEndpoint, { body: { userId }, signal, hints: false }),
    retry: false,
  });
}

/** The instances where the user has at least one workspace, and those that did not answer. */
export function workspacesToList(instances: TUserWorkspaces) {
  return {
    withWorkspaces: instances.filter((i) => i.workspaces.length > 0),
    unavailable: instances.filter((i) => i.isUnavailable),
  };
}

/**
 * A workspace role by its name in the page's language (`names`: the phrases of the platform's
 * preset roles); a custom role, which the workspace's administrators named, by that name.
 */
export function workspaceRoleName(names: Record<string, string>, role: string): string {
  return (Object.hasOwn(names, role) ? names[role] : undefined) ?? role;
}
