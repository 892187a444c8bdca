/**
 * The acts on a user, for the roles that may use them (the contract's roles of each route; the
 * server enforces the same): each button says why it is unavailable when there is nothing to do.
 */
import type { TOpsUserDetail } from '@console/contract/ops';
import { Button, Card, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpsCan } from '@/ops/lib/ops-session';
import { supportActRoutes, type TSupportAct } from '../api/act-on-user';
import { ActDialog } from './act-dialog';

const acts: readonly TSupportAct[] = ['unlock', 'endSessions', 'resend', 'reset'];

const testIds: Record<TSupportAct, string> = {
  unlock: 'support-unlock',
  endSessions: 'support-end-sessions',
  resend: 'support-resend-invitation',
  reset: 'support-reset-protection',
};

/** Whether the act has something to do for the user. */
function isAvailable(act: TSupportAct, user: TOpsUserDetail): boolean {
  if (user.kind !== 'regular' || user.status === 'deleted') return false;
  if (act === 'unlock') return user.lockedUntil !== null;
  if (act === 'endSessions') return user.activeSessions > 0;
  if (act === 'resend') return user.invitation !== null;
  return user.secondFactors.hasAuthenticator || user.secondFactors.passkeys.length > 0;
}

function ActButton({
  act,
  user,
  onOpen,
}: {
  act: TSupportAct;
  user: TOpsUserDetail;
  onOpen: (act: TSupportAct) => void;
}) {
  const { t } = useTranslation('opsSupport');
  const isAllowed = useOpsCan(supportActRoutes[act]);
  if (!isAllowed) return null;
  const available = isAvailable(act, user);
  const button = (
    <Button
      danger={act === 'reset'}
      disabled={!available}
      onClick={() => onOpen(act)}
      data-testid={testIds[act]}
      block
    >
      {t(`acts.${act}.button`)}
    </Button>
  );
  return available ? (
    button
  ) : (
    <Tooltip title={t(`acts.${act}.unavailable`)}>
      <span className="cz-support-act-wrap">{button}</span>
    </Tooltip>
  );
}

export function UserActs({ user }: { user: TOpsUserDetail }) {
  const { t } = useTranslation('opsSupport');
  const [open, setOpen] = useState<TSupportAct | null>(null);
  const canAny = [useOpsCan('opsSupportUnlockUser'), useOpsCan('opsSupportResetProtection')].some(Boolean);
  return (
    <Card title={t('acts.title')} data-testid="support-acts">
      {canAny ? (
        <>
          <Typography.Paragraph type="secondary">{t('acts.intro')}</Typography.Paragraph>
          <div className="cz-support-acts">
            {acts.map((act) => (
              <ActButton key={act} act={act} user={user} onOpen={setOpen} />
            ))}
          </div>
        </>
      ) : (
        <Typography.Paragraph type="secondary" data-testid="support-read-only">
          {t('acts.readOnly')}
        </Typography.Paragraph>
      )}
      {open ? <ActDialog act={open} user={user} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}
