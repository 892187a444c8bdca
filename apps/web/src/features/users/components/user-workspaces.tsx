import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserWorkspaces, workspaceRoleName, workspacesToList } from '../api/list-user-workspaces';

/**
 * The workspaces one user belongs to, per instance (spec section 6: disabling or deleting a user
 * affects what it owns there), shown in the disable and delete confirmation so that the
 * administrator knows which workspaces lose a member. Each workspace with the user's role there,
 * by the role's name in the page's language.
 */
export function UserWorkspaces({ userId }: { userId: number }) {
  const { t } = useTranslation(['users']);
  const query = useUserWorkspaces(userId);
  const roleNames = t('workspaces.roles', { returnObjects: true }) as Record<string, string>;
  if (query.isPending) {
    return (
      <Typography.Paragraph type="secondary" data-testid="confirm-workspaces" data-state="loading">
        {t('workspaces.loading')}
      </Typography.Paragraph>
    );
  }
  if (query.isError) {
    return (
      <Typography.Paragraph type="secondary" data-testid="confirm-workspaces" data-state="failed">
        {t('workspaces.failed')}
      </Typography.Paragraph>
    );
  }
  const { withWorkspaces, unavailable } = workspacesToList(query.data);
  return (
    <div data-testid="confirm-workspaces" data-state={withWorkspaces.length > 0 ? 'some' : 'none'}>
      {withWorkspaces.length > 0 ? (
        <>
          <Typography.Text strong>{t('workspaces.title')}</Typography.Text>
          <ul>
            {withWorkspaces.map((instance) => (
              <li key={instance.instanceId} data-testid="confirm-workspace-instance">
                {t('workspaces.instance', {
                  instance: instance.instanceName,
                  service: instance.serviceName,
                  region: instance.regionName,
                })}
                {instance.workspaces
                  .map((w) =>
                    t('workspaces.workspaceRole', {
                      workspace: w.name,
                      role: workspaceRoleName(roleNames, w.role),
                    }),
                  )
                  .join(t('workspaces.separator'))}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <Typography.Paragraph type="secondary">{t('workspaces.none')}</Typography.Paragraph>
      )}
      {unavailable.length > 0 ? (
        <Typography.Paragraph type="warning" data-testid="confirm-workspaces-unavailable">
          {t('workspaces.unavailable', { instances: unavailable.map((i) => i.instanceName).join(', ') })}
        </Typography.Paragraph>
      ) : null}
    </div>
  );
}
