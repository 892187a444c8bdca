/**
 * Operators (owner only: the registry shows it to the roles of `opsListOperators`): every operator
 * with role, status, second factor, last sign-in and creation; the owner's acts on each, with a
 * reason. A table at desktop widths, a list of cards on a phone. An owner does not act on their
 * own row (the server refuses it too, 4307).
 */

import { PlusOutlined } from '@ant-design/icons';
import type { TOpsOperator } from '@console/contract/ops';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, List, Result, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '@/lib/use-media-query';
import { ScrollTable } from '@/ops/components/scroll-table';
import { formatDateTime } from '@/ops/lib/format';
import { callOps } from '@/ops/lib/ops-api';
import { useOpsCan, useOpsMe } from '@/ops/lib/ops-session';
import { CreateOperatorDialog, OperatorActDialog, operatorsKey, type TOperatorAct } from './operator-dialogs';
import './operators.css';

function StatusTag({ operator }: { operator: TOpsOperator }) {
  const { t } = useTranslation('opsShell');
  return (
    <Tag color={operator.status === 'active' ? 'success' : 'default'} data-testid="ops-operator-status">
      {t(`statuses.${operator.status}`)}
    </Tag>
  );
}

function SecondFactor({ operator }: { operator: TOpsOperator }) {
  const { t } = useTranslation('opsOperators');
  if (operator.hasAuthenticator) return <Tag color="blue">{t('secondFactor.authenticator')}</Tag>;
  return (
    <Tag color="warning">
      {operator.mustChangePassword ? t('secondFactor.setupPending') : t('secondFactor.none')}
    </Tag>
  );
}

function Acts({
  operator,
  onAct,
}: {
  operator: TOpsOperator;
  onAct: (act: TOperatorAct, operator: TOpsOperator) => void;
}) {
  const { t } = useTranslation('opsOperators');
  const me = useOpsMe();
  const canReRole = useOpsCan('opsReRoleOperator');
  const canDisable = useOpsCan('opsDisableOperator');
  const canEnable = useOpsCan('opsEnableOperator');
  const canReset = useOpsCan('opsResetOperatorSecondFactor');
  if (me.data?.operator.id === operator.id) return <Tag>{t('you')}</Tag>;
  const isActive = operator.status === 'active';
  return (
    <Space wrap size={[8, 8]} role="group" aria-label={t('acts.more', { name: operator.username })}>
      {canReRole ? (
        <Button size="small" onClick={() => onAct('role', operator)} data-testid="ops-op-role">
          {t('acts.changeRole')}
        </Button>
      ) : null}
      {isActive && canDisable ? (
        <Button size="small" danger onClick={() => onAct('disable', operator)} data-testid="ops-op-disable">
          {t('acts.disable')}
        </Button>
      ) : null}
      {!isActive && canEnable ? (
        <Button size="small" onClick={() => onAct('enable', operator)} data-testid="ops-op-enable">
          {t('acts.enable')}
        </Button>
      ) : null}
      {operator.hasAuthenticator && canReset ? (
        <Button size="small" onClick={() => onAct('reset', operator)} data-testid="ops-op-reset">
          {t('acts.resetSecondFactor')}
        </Button>
      ) : null}
    </Space>
  );
}

export default function OperatorsPage() {
  const { t } = useTranslation(['opsOperators', 'opsShell']);
  const isNarrow = useMediaQuery('(max-width: 767px)');
  const canCreate = useOpsCan('opsCreateOperator');
  const [isCreating, setIsCreating] = useState(false);
  const [acting, setActing] = useState<{ act: TOperatorAct; operator: TOpsOperator } | null>(null);
  const operators = useQuery({
    queryKey: operatorsKey,
    queryFn: () => callOps('opsListOperators', { hints: false }),
  });
  const onAct = (act: TOperatorAct, operator: TOpsOperator) => setActing({ act, operator });
  const rows = operators.data?.list ?? [];

  const columns: ColumnsType<TOpsOperator> = [
    {
      key: 'username',
      title: t('columns.username'),
      dataIndex: 'username',
      render: (_value, operator) => <span className="cz-ops-id">{operator.username}</span>,
    },
    {
      key: 'role',
      title: t('columns.role'),
      render: (_value, operator) => (
        <span className="cz-ops-nowrap" data-testid="ops-operator-role-cell">
          {t(`roles.${operator.role}`, { ns: 'opsShell' })}
        </span>
      ),
    },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_value, operator) => <StatusTag operator={operator} />,
    },
    {
      key: 'secondFactor',
      title: t('columns.secondFactor'),
      render: (_value, operator) => <SecondFactor operator={operator} />,
    },
    {
      key: 'lastSignIn',
      title: t('columns.lastSignIn'),
      render: (_value, operator) => (
        <span className="cz-ops-nowrap">
          {operator.lastSignInAt ? formatDateTime(operator.lastSignInAt) : t('never')}
        </span>
      ),
    },
    {
      key: 'createdAt',
      title: t('columns.createdAt'),
      render: (_value, operator) => (
        <span className="cz-ops-nowrap">{formatDateTime(operator.createdAt)}</span>
      ),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_value, operator) => <Acts operator={operator} onAct={onAct} />,
    },
  ];

  return (
    <div className="cz-ops-page" data-testid="ops-operators">
      <div className="cz-ops-page__head">
        <div>
          <Typography.Title level={1} className="cz-ops-page__title">
            {t('title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="cz-ops-page__intro">
            {t('intro')}
          </Typography.Paragraph>
        </div>
        {canCreate ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setIsCreating(true)}
            data-testid="ops-operator-create"
          >
            {t('create')}
          </Button>
        ) : null}
      </div>
      {operators.isError ? (
        <Result
          status="error"
          title={t('loadFailed')}
          extra={<Button onClick={() => void operators.refetch()}>{t('retry')}</Button>}
        />
      ) : (
        <Card>
          {isNarrow ? (
            <List
              loading={operators.isPending}
              dataSource={rows}
              locale={{ emptyText: t('empty') }}
              rowKey="id"
              renderItem={(operator) => (
                <List.Item
                  data-testid={`ops-operator-row-${operator.username}`}
                  className="cz-ops-operator-item"
                >
                  <div className="cz-ops-operator-item__head">
                    <span className="cz-ops-id cz-ops-operator-item__name">{operator.username}</span>
                    <StatusTag operator={operator} />
                  </div>
                  <dl className="cz-ops-facts">
                    <dt>{t('columns.role')}</dt>
                    <dd data-testid="ops-operator-role-cell">
                      {t(`roles.${operator.role}`, { ns: 'opsShell' })}
                    </dd>
                    <dt>{t('columns.secondFactor')}</dt>
                    <dd>
                      <SecondFactor operator={operator} />
                    </dd>
                    <dt>{t('columns.lastSignIn')}</dt>
                    <dd>{operator.lastSignInAt ? formatDateTime(operator.lastSignInAt) : t('never')}</dd>
                    <dt>{t('columns.createdAt')}</dt>
                    <dd>{formatDateTime(operator.createdAt)}</dd>
                  </dl>
                  <Acts operator={operator} onAct={onAct} />
                </List.Item>
              )}
            />
          ) : (
            <ScrollTable<TOpsOperator>
              label={t('title')}
              empty={t('empty')}
              rowKey="id"
              loading={operators.isPending}
              dataSource={rows}
              columns={columns}
              pagination={false}
              scroll={{ x: 'max-content' }}
              onRow={(operator) => ({ 'data-testid': `ops-operator-row-${operator.username}` }) as object}
            />
          )}
          {operators.data ? (
            <Typography.Text type="secondary" className="cz-ops-total">
              {t('total', { count: operators.data.total })}
            </Typography.Text>
          ) : null}
        </Card>
      )}
      <CreateOperatorDialog open={isCreating} onClose={() => setIsCreating(false)} />
      <OperatorActDialog
        act={acting?.act ?? null}
        operator={acting?.operator ?? null}
        onClose={() => setActing(null)}
      />
    </div>
  );
}
