/**
 * The User page (`/users/:id`; account pages link their users here): the user's identity and
 * account, status and sign-in lock, sign-ins and sessions, login protection (authenticator app,
 * passkeys), contacts masked as the customers' console masks them, the pending invitation, and the
 * support acts.
 */
import { ErrorCode } from '@console/contract/codes';
import type { TOpsUserDetail } from '@console/contract/ops';
import { Button, Card, Descriptions, Result, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/ops/lib/format';
import { isOpsError } from '@/ops/lib/ops-api';
import { useSupportUser } from '../api/get-user';
import { UserActs } from './user-acts';
import { phoneText, StatusTag } from './user-bits';

function IdentityCard({ user }: { user: TOpsUserDetail }) {
  const { t } = useTranslation('opsSupport');
  return (
    <Card title={t('detail.identity')} data-testid="support-identity">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('detail.username')}>
          <span className="cz-ops-id" data-testid="support-username">
            {user.username}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.displayName')}>{user.displayName || t('none')}</Descriptions.Item>
        <Descriptions.Item label={t('detail.id')}>
          <span className="cz-ops-id">{user.id}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.kind')}>{t(`kinds.${user.kind}`)}</Descriptions.Item>
        <Descriptions.Item label={t('detail.account')}>
          <Space direction="vertical" size={2}>
            <Link to={`/accounts/${user.account.id}`} className="cz-ops-id" data-testid="support-account">
              {user.account.displayName} #{user.account.id}
            </Link>
            {user.account.isMfaRequired ? <Tag color="blue">{t('detail.accountRequires')}</Tag> : null}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.status')}>
          <Space direction="vertical" size={2}>
            <StatusTag status={user.status} />
            {user.lockedUntil ? (
              <Typography.Text type="danger" data-testid="support-locked-until">
                {t('detail.lockedUntil', {
                  time: formatDateTime(user.lockedUntil),
                  count: user.failedSignIns,
                })}
              </Typography.Text>
            ) : user.failedSignIns > 0 ? (
              <Typography.Text type="secondary">
                {t('detail.failedSignIns', { count: user.failedSignIns })}
              </Typography.Text>
            ) : null}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.roles')}>
          {user.roles.length > 0 ? (
            <span className="cz-support-tags">
              {user.roles.map((role) => (
                <Tag key={role.id} color={user.isAdmin && role.code === 'account_admin' ? 'gold' : undefined}>
                  {role.name}
                </Tag>
              ))}
            </span>
          ) : (
            t('none')
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.createdAt')}>
          <span className="cz-ops-id">{formatDateTime(user.createdAt)}</span>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function ProtectionCard({ user }: { user: TOpsUserDetail }) {
  const { t } = useTranslation('opsSupport');
  const factors = user.secondFactors;
  return (
    <Card title={t('detail.protection')} data-testid="support-protection">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('detail.protection')}>
          <Space size={4} wrap>
            <Tag color={factors.isEnabled ? 'success' : 'default'} data-testid="support-protection-state">
              {factors.isEnabled ? t('detail.protectionOn') : t('detail.protectionOff')}
            </Tag>
            {factors.method ? <span>{t(`detail.methods.${factors.method}`)}</span> : null}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.authenticator')}>
          <span data-testid="support-authenticator" data-bound={factors.hasAuthenticator}>
            {factors.hasAuthenticator ? t('detail.bound') : t('detail.notBound')}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.passkeys')}>
          {factors.passkeys.length === 0 ? (
            <span data-testid="support-passkeys-none">{t('none')}</span>
          ) : (
            <ul className="cz-support-passkeys" data-testid="support-passkeys">
              {factors.passkeys.map((key) => (
                <li key={`${key.name}-${key.createdAt}`}>
                  <strong className="cz-support-passkey-name">{key.name}</strong>
                  <Typography.Text type="secondary">
                    {t('detail.passkeyCreated', { time: formatDateTime(key.createdAt) })} ·{' '}
                    {key.lastUsedAt
                      ? t('detail.passkeyUsed', { time: formatDateTime(key.lastUsedAt) })
                      : t('detail.passkeyNeverUsed')}
                  </Typography.Text>
                </li>
              ))}
            </ul>
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function ContactCard({ user }: { user: TOpsUserDetail }) {
  const { t } = useTranslation('opsSupport');
  const invitation = user.invitation;
  return (
    <Card title={t('detail.contact')} data-testid="support-contact">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('detail.email')}>
          <span className="cz-ops-id">{user.email ?? t('none')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.phone')}>
          <span className="cz-ops-id">{phoneText(user.phone, user.phoneCode) ?? t('none')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.lastSignIn')}>
          <span className="cz-ops-id">
            {user.lastSignInAt ? formatDateTime(user.lastSignInAt) : t('never')}
          </span>
          {user.lastSignInIp ? (
            <Typography.Text type="secondary" className="cz-ops-id">
              {' '}
              · {user.lastSignInIp}
            </Typography.Text>
          ) : null}
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.activeSessions')}>
          <span data-testid="support-active-sessions">{user.activeSessions}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.invitation')}>
          {invitation ? (
            <Space direction="vertical" size={2} data-testid="support-invitation">
              <Tag color={invitation.state === 'pending' ? 'processing' : 'default'}>
                {t(`detail.invitationStates.${invitation.state}`)}
              </Tag>
              <Typography.Text type="secondary">
                {t('detail.invitationSent', {
                  channel: t(`detail.channels.${invitation.channel}`),
                  to: invitation.sentTo,
                  time: formatDateTime(invitation.createTime),
                })}
              </Typography.Text>
              <Typography.Text type="secondary">
                {t('detail.invitationExpires', { time: formatDateTime(invitation.expireTime) })}
              </Typography.Text>
            </Space>
          ) : (
            t('none')
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

export function UserDetail({ userId }: { userId: number }) {
  const { t } = useTranslation('opsSupport');
  const user = useSupportUser(userId);
  const back = (
    <Link to=".." relative="path" data-testid="support-back">
      ← {t('detail.back')}
    </Link>
  );
  if (user.isPending) {
    return (
      <div className="cz-ops-loading" aria-busy="true">
        <Spin />
      </div>
    );
  }
  if (user.isError) {
    const isUnknown = isOpsError(user.error, ErrorCode.opsSupportUserNotFound);
    return (
      <Result
        status={isUnknown ? '404' : 'error'}
        title={isUnknown ? t('detail.notFound') : t('detail.loadFailed')}
        extra={
          <Space>
            {back}
            {isUnknown ? null : <Button onClick={() => void user.refetch()}>{t('detail.reload')}</Button>}
          </Space>
        }
      />
    );
  }
  const data = user.data;
  return (
    <div className="cz-ops-page" data-testid="support-user" data-user-id={data.id}>
      {back}
      <Typography.Title level={1} className="cz-ops-page__title cz-support-title">
        <span className="cz-ops-id">{data.username}</span> <StatusTag status={data.status} />
      </Typography.Title>
      <div className="cz-ops-grid">
        <UserActs user={data} />
        <IdentityCard user={data} />
        <ProtectionCard user={data} />
        <ContactCard user={data} />
      </div>
    </div>
  );
}
