/**
 * Manual adjustments of an account's cash: the form (credit or debit, amount, reason), the
 * adjustments waiting for a second finance operator (approve, or reject with a reason; the
 * requester sees theirs waiting and cannot decide it), and every adjustment with its outcome.
 */
import type { TOpsAdjustment, TOpsAdjustmentStatus } from '@console/contract/ops';
import { OpsAdjustmentStatuses } from '@console/contract/ops';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Modal, Radio, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import { useMediaQuery } from '@/lib/use-media-query';
import { formatDateTime } from '@/ops/lib/format';
import { callOps, opsErrorText } from '@/ops/lib/ops-api';
import { useOpsCan, useOpsMe } from '@/ops/lib/ops-session';
import {
  FinanceTable,
  fenOfInput,
  financeKey,
  formatFen,
  Ident,
  ReasonField,
  signedFen,
  type TCurrency,
} from './finance-shared';

const adjustmentsKey = [...financeKey, 'adjustments'] as const;
const narrowQuery = '(max-width: 767px)';

const statusColors: Record<TOpsAdjustmentStatus, string> = {
  pending: 'gold',
  applied: 'success',
  rejected: 'default',
};

function useAdjustments(status: TOpsAdjustmentStatus | undefined, pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: [...adjustmentsKey, { status, pageNo, pageSize }],
    queryFn: () => callOps('opsFinanceAdjustments', { query: { status, pageNo, pageSize } }),
  });
}

function NewAdjustment({
  thresholdFen,
  currency,
}: {
  thresholdFen: number | undefined;
  currency: TCurrency;
}) {
  const { t } = useTranslation('opsFinance');
  const canCreate = useOpsCan('opsFinanceCreateAdjustment');
  const client = useQueryClient();
  const [form] = Form.useForm();
  const [outcome, setOutcome] = useState<{ type: 'success' | 'info' | 'error'; text: string } | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const submit = async (values: {
    account: string;
    direction: 'credit' | 'debit';
    amount: string;
    reason: string;
  }) => {
    const amountFen = fenOfInput(values.amount);
    if (amountFen === null) return;
    setIsBusy(true);
    setOutcome(null);
    try {
      const made = await callOps('opsFinanceCreateAdjustment', {
        body: { account: values.account, direction: values.direction, amountFen, reason: values.reason },
        hints: false,
      });
      setOutcome(
        made.status === 'pending'
          ? { type: 'info', text: t('adjustments.pendingCreated') }
          : {
              type: 'success',
              text: t('adjustments.applied', { balance: formatFen(made.balanceAfterFen ?? 0, currency) }),
            },
      );
      form.resetFields();
      void client.invalidateQueries({ queryKey: adjustmentsKey });
    } catch (failure) {
      setOutcome({ type: 'error', text: opsErrorText(failure) });
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Card title={t('adjustments.newTitle')} data-testid="ops-adjustment-form">
      {thresholdFen === undefined ? null : (
        <p className="cz-ops-finance-note">
          {t('adjustments.threshold', { amount: formatFen(thresholdFen, currency) })}
        </p>
      )}
      {outcome ? (
        <Alert
          type={outcome.type}
          showIcon
          title={outcome.text}
          className="cz-ops-form-alert"
          data-testid="ops-adjustment-outcome"
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={!canCreate}
        initialValues={{ direction: 'credit' }}
        onFinish={(values) => void submit(values)}
        className="cz-ops-narrow-form"
      >
        <Form.Item
          name="account"
          label={t('common.account')}
          rules={[{ required: true, whitespace: true, message: t('common.accountRequired') }]}
        >
          <Input placeholder={t('common.accountPlaceholder')} data-testid="ops-adjustment-account" />
        </Form.Item>
        <Form.Item name="direction" label={t('adjustments.direction')}>
          <Radio.Group
            optionType="button"
            options={(['credit', 'debit'] as const).map((d) => ({
              value: d,
              label: t(`adjustments.directions.${d}`),
            }))}
            data-testid="ops-adjustment-direction"
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={`${t('adjustments.amount')} (${currency})`}
          rules={[
            {
              validator: (_rule, value: string | undefined) =>
                fenOfInput(value) === null
                  ? Promise.reject(new Error(t('common.amountRequired')))
                  : Promise.resolve(),
            },
          ]}
        >
          <InputNumber<string>
            stringMode
            min="0.01"
            step="0.01"
            precision={2}
            className="cz-ops-finance-amount"
            data-testid="ops-adjustment-amount"
          />
        </Form.Item>
        <ReasonField testId="ops-adjustment-reason" />
        <Button type="primary" htmlType="submit" loading={isBusy} data-testid="ops-adjustment-submit">
          {t('adjustments.submit')}
        </Button>
      </Form>
    </Card>
  );
}

type TDecision = { kind: 'approve' | 'reject'; adjustment: TOpsAdjustment } | null;

function DecisionDialog({
  decision,
  currency,
  onClose,
}: {
  decision: TDecision;
  currency: TCurrency;
  onClose: () => void;
}) {
  const { t } = useTranslation('opsFinance');
  const client = useQueryClient();
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const adjustment = decision?.adjustment;
  const isApproval = decision?.kind === 'approve';
  const decide = async (values: { note?: string; reason?: string }) => {
    if (!adjustment) return;
    setIsBusy(true);
    setError(null);
    try {
      const decided = isApproval
        ? await callOps('opsFinanceApproveAdjustment', {
            body: { adjustmentId: adjustment.id, note: values.note?.trim() || undefined },
            hints: false,
          })
        : await callOps('opsFinanceRejectAdjustment', {
            body: { adjustmentId: adjustment.id, reason: values.reason ?? '' },
            hints: false,
          });
      toast({
        level: 'success',
        title: isApproval
          ? t('adjustments.approved', { balance: formatFen(decided.balanceAfterFen ?? 0, currency) })
          : t('adjustments.rejected'),
      });
      form.resetFields();
      void client.invalidateQueries({ queryKey: adjustmentsKey });
      onClose();
    } catch (failure) {
      setError(opsErrorText(failure));
      void client.invalidateQueries({ queryKey: adjustmentsKey });
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Modal
      open={decision !== null}
      title={isApproval ? t('adjustments.approveTitle') : t('adjustments.rejectTitle')}
      okText={isApproval ? t('adjustments.approve') : t('adjustments.reject')}
      okButtonProps={{ danger: !isApproval, 'data-testid': 'ops-adjustment-decide-ok' }}
      cancelText={t('common.cancel')}
      confirmLoading={isBusy}
      onOk={() => form.submit()}
      onCancel={() => {
        setError(null);
        onClose();
      }}
      destroyOnHidden
    >
      {adjustment ? (
        <p>
          {t('adjustments.approveBody', {
            direction: t(`adjustments.directionShort.${adjustment.direction}`),
            amount: formatFen(adjustment.amountFen, currency),
            account: adjustment.accountName,
          })}
        </p>
      ) : null}
      {error ? (
        <Alert
          type="error"
          showIcon
          title={error}
          className="cz-ops-form-alert"
          data-testid="ops-decide-error"
        />
      ) : null}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void decide(values)}>
        {isApproval ? (
          <Form.Item name="note" label={t('adjustments.approveNote')}>
            <Input maxLength={500} data-testid="ops-adjustment-note" />
          </Form.Item>
        ) : (
          <ReasonField label={t('adjustments.rejectReason')} testId="ops-adjustment-reject-reason" />
        )}
      </Form>
    </Modal>
  );
}

/** Approve and reject, or, for the requester, the note that another operator decides. */
function DecisionButtons({
  row,
  myId,
  canDecide,
  onDecide,
}: {
  row: TOpsAdjustment;
  myId: number | undefined;
  canDecide: boolean;
  onDecide: (decision: NonNullable<TDecision>) => void;
}) {
  const { t } = useTranslation('opsFinance');
  if (row.requestedBy.id === myId) {
    return (
      <Tag color="gold" data-testid="ops-pending-yours">
        {t('adjustments.yours')}
      </Tag>
    );
  }
  return (
    <Space size={8}>
      <Button
        type="primary"
        size="small"
        disabled={!canDecide}
        onClick={() => onDecide({ kind: 'approve', adjustment: row })}
        data-testid="ops-pending-approve"
      >
        {t('adjustments.approve')}
      </Button>
      <Button
        danger
        size="small"
        disabled={!canDecide}
        onClick={() => onDecide({ kind: 'reject', adjustment: row })}
        data-testid="ops-pending-reject"
      >
        {t('adjustments.reject')}
      </Button>
    </Space>
  );
}

function PendingAdjustments({ currency }: { currency: TCurrency }) {
  const { t } = useTranslation('opsFinance');
  const me = useOpsMe();
  const canDecide = useOpsCan('opsFinanceApproveAdjustment');
  const isNarrow = useMediaQuery(narrowQuery);
  const pending = useAdjustments('pending', 1, 100);
  const [decision, setDecision] = useState<TDecision>(null);
  const myId = me.data?.operator.id;
  const rows = pending.data?.list ?? [];
  const amountOf = (row: TOpsAdjustment) => (
    <span className="cz-ops-finance-money" data-testid="ops-pending-amount">
      {signedFen(row.amountFen, row.direction, currency)}
    </span>
  );
  const buttons = (row: TOpsAdjustment) => (
    <DecisionButtons row={row} myId={myId} canDecide={canDecide} onDecide={setDecision} />
  );
  return (
    <Card title={t('adjustments.pendingTitle')} data-testid="ops-adjustments-pending">
      {isNarrow ? (
        // A phone: one block per adjustment, its buttons within reach.
        rows.length === 0 ? (
          <p className="cz-ops-finance-note">{pending.isFetching ? '' : t('adjustments.pendingEmpty')}</p>
        ) : (
          <ul className="cz-ops-finance-cards">
            {rows.map((row) => (
              <li key={row.id} className="cz-ops-finance-card" data-testid="ops-pending-row" data-id={row.id}>
                <div className="cz-ops-finance-card__head">
                  <Ident>{row.accountName}</Ident>
                  {amountOf(row)}
                </div>
                <p className="cz-ops-finance-card__reason">{row.reason}</p>
                <p className="cz-ops-finance-note">
                  <Ident>{row.requestedBy.username}</Ident> · <Ident>{formatDateTime(row.requestedAt)}</Ident>
                </p>
                {buttons(row)}
              </li>
            ))}
          </ul>
        )
      ) : (
        <FinanceTable<TOpsAdjustment>
          label={t('adjustments.pendingTitle')}
          rowKey="id"
          loading={pending.isFetching}
          dataSource={rows}
          pagination={false}
          empty={t('adjustments.pendingEmpty')}
          onRow={(row) => ({ 'data-testid': 'ops-pending-row', 'data-id': row.id }) as object}
          columns={[
            {
              key: 'account',
              title: t('common.account'),
              render: (_v, row) => <Ident>{row.accountName}</Ident>,
            },
            {
              key: 'amount',
              title: t('adjustments.amount'),
              align: 'right',
              render: (_v, row) => amountOf(row),
            },
            {
              key: 'reason',
              title: t('common.reason'),
              dataIndex: 'reason',
              className: 'cz-ops-finance-reason',
            },
            {
              key: 'requestedBy',
              title: t('adjustments.requestedBy'),
              render: (_v, row) => <Ident>{row.requestedBy.username}</Ident>,
            },
            {
              key: 'requestedAt',
              title: t('adjustments.requestedAt'),
              render: (_v, row) => <Ident>{formatDateTime(row.requestedAt)}</Ident>,
            },
            { key: 'actions', title: t('common.actions'), render: (_v, row) => buttons(row) },
          ]}
        />
      )}
      <DecisionDialog decision={decision} currency={currency} onClose={() => setDecision(null)} />
    </Card>
  );
}

function AllAdjustments({ currency }: { currency: TCurrency }) {
  const { t } = useTranslation('opsFinance');
  const [status, setStatus] = useState<TOpsAdjustmentStatus | undefined>(undefined);
  const [pageNo, setPageNo] = useState(1);
  const list = useAdjustments(status, pageNo, 20);
  return (
    <Card title={t('adjustments.historyTitle')} data-testid="ops-adjustments-all">
      <Select<TOpsAdjustmentStatus | ''>
        value={status ?? ''}
        onChange={(next) => {
          setStatus(next || undefined);
          setPageNo(1);
        }}
        options={[
          { value: '', label: t('adjustments.allStatuses') },
          ...OpsAdjustmentStatuses.map((s) => ({ value: s, label: t(`adjustments.statuses.${s}`) })),
        ]}
        aria-label={t('adjustments.status')}
        className="cz-ops-finance-filter"
      />
      <FinanceTable<TOpsAdjustment>
        label={t('adjustments.historyTitle')}
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: pageNo,
          pageSize: 20,
          total: list.data?.total ?? 0,
          onChange: setPageNo,
          showSizeChanger: false,
          showTotal: (count) => t('common.total', { count }),
        }}
        onRow={(row) => ({ 'data-testid': 'ops-adjustment-row', 'data-id': row.id }) as object}
        columns={[
          {
            key: 'requestedAt',
            title: t('adjustments.requestedAt'),
            render: (_v, row) => (
              <span className="cz-ops-finance-ident">{formatDateTime(row.requestedAt)}</span>
            ),
          },
          {
            key: 'account',
            title: t('common.account'),
            render: (_v, row) => <Ident>{row.accountName}</Ident>,
          },
          {
            key: 'amount',
            title: t('adjustments.amount'),
            align: 'right',
            render: (_v, row) => (
              <span className="cz-ops-finance-money">
                {signedFen(row.amountFen, row.direction, currency)}
              </span>
            ),
          },
          {
            key: 'status',
            title: t('adjustments.status'),
            render: (_v, row) => (
              <Tag
                color={statusColors[row.status]}
                data-testid="ops-adjustment-status"
                data-status={row.status}
              >
                {t(`adjustments.statuses.${row.status}`)}
              </Tag>
            ),
          },
          {
            key: 'reason',
            title: t('common.reason'),
            dataIndex: 'reason',
            className: 'cz-ops-finance-reason',
          },
          {
            key: 'people',
            title: `${t('adjustments.requestedBy')} / ${t('adjustments.decidedBy')}`,
            render: (_v, row) => (
              <Ident>{`${row.requestedBy.username} / ${row.decidedBy?.username ?? '—'}`}</Ident>
            ),
          },
          {
            key: 'note',
            title: t('adjustments.note'),
            className: 'cz-ops-finance-reason',
            render: (_v, row) => row.decisionNote ?? '—',
          },
          {
            key: 'serialNo',
            title: t('adjustments.serialNo'),
            render: (_v, row) => <Ident>{row.serialNo}</Ident>,
          },
          {
            key: 'balanceAfter',
            title: t('adjustments.balanceAfter'),
            align: 'right',
            render: (_v, row) => (
              <span className="cz-ops-finance-money">
                {row.balanceAfterFen === null ? '—' : formatFen(row.balanceAfterFen, currency)}
              </span>
            ),
          },
        ]}
      />
    </Card>
  );
}

export function AdjustmentsTab() {
  // The threshold and currency come with the list.
  const head = useAdjustments('pending', 1, 100);
  const currency = head.data?.currency ?? 'CNY';
  return (
    <div className="cz-ops-finance-stack">
      <NewAdjustment thresholdFen={head.data?.approvalThresholdFen} currency={currency} />
      <PendingAdjustments currency={currency} />
      <AllAdjustments currency={currency} />
    </div>
  );
}
