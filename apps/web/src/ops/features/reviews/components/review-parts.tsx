/**
 * What every review item's page shares: the claim (who holds it, claim and release), the decision
 * (approve, or refuse with a reason from the list and the operator's own words, which `other`
 * requires), and the age of a waiting item in words.
 */
import {
  FormalDeclineReasons,
  RemittanceRejectReasons,
  reviewNoteMax,
  type TOpsReviewClaim,
  type TOpsReviewKind,
  type TOpsReviewOutcome,
  VerificationRejectReasons,
} from '@console/contract/ops';
import { Alert, Button, type ButtonProps, Form, Input, Modal, Select, Space } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/ops/lib/format';
import { useOpsCan } from '@/ops/lib/ops-session';
import { approveRoutes, refuseRoutes, type TRefusal, useClaim, useDecision } from '../api/review-acts';

const claimRoutes = {
  verification: 'opsVerificationClaim',
  remittance: 'opsRemittanceClaim',
  formal: 'opsFormalClaim',
} as const;

export const reasonsOf: Record<TOpsReviewKind, readonly string[]> = {
  verification: VerificationRejectReasons,
  remittance: RemittanceRejectReasons,
  formal: FormalDeclineReasons,
};

/** `3 h 20 min`, `2 d 4 h`, `12 min`. */
export function ageText(t: TFunction<'opsReviews'>, seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('age.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('age.hours', { count: hours, minutes: minutes % 60 });
  return t('age.days', { count: Math.floor(hours / 24), hours: hours % 24 });
}

export function ClaimBar({
  kind,
  id,
  claim,
  isWaiting,
}: {
  kind: TOpsReviewKind;
  id: number;
  claim: TOpsReviewClaim | null;
  isWaiting: boolean;
}) {
  const { t } = useTranslation('opsReviews');
  const canClaim = useOpsCan(claimRoutes[kind]);
  const act = useClaim(kind, id);
  if (!isWaiting) return null;
  if (!canClaim)
    return <Alert type="info" showIcon title={t('claim.roleOnly')} data-testid="ops-claim-role" />;
  const text = claim
    ? claim.isMine
      ? t('claim.mine', { time: formatDateTime(claim.expiresAt) })
      : t('claim.other', { name: claim.operatorName, time: formatDateTime(claim.expiresAt) })
    : t('claim.free');
  return (
    <Alert
      type={claim && !claim.isMine ? 'warning' : claim ? 'success' : 'info'}
      showIcon
      title={<span data-testid="ops-claim-state">{text}</span>}
      action={
        <Space>
          {claim?.isMine ? (
            <Button
              size="small"
              loading={act.isPending}
              onClick={() => act.mutate(false)}
              data-testid="ops-release"
            >
              {t('claim.release')}
            </Button>
          ) : null}
          {claim ? null : (
            <Button
              size="small"
              type="primary"
              loading={act.isPending}
              onClick={() => act.mutate(true)}
              data-testid="ops-claim"
            >
              {t('claim.claim')}
            </Button>
          )}
        </Space>
      }
      data-testid="ops-claim-bar"
    />
  );
}

function RefuseDialog({
  kind,
  onSend,
  onClose,
  isBusy,
}: {
  kind: TOpsReviewKind;
  onSend: (refusal: TRefusal) => void;
  onClose: () => void;
  isBusy: boolean;
}) {
  const { t } = useTranslation('opsReviews');
  const [form] = Form.useForm<TRefusal>();
  const reasonCode = Form.useWatch('reasonCode', form);
  return (
    <Modal
      open
      title={t('act.reasonTitle')}
      okText={t('act.send')}
      cancelText={t('act.cancel')}
      confirmLoading={isBusy}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ danger: true, 'data-testid': 'ops-refuse-send' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => onSend(values)}>
        <Form.Item
          name="reasonCode"
          label={t('act.reasonLabel')}
          rules={[{ required: true, message: t('act.reasonRequired') }]}
        >
          <Select
            data-testid="ops-refuse-reason"
            options={reasonsOf[kind].map((code) => ({
              value: code,
              label: t(`reasons.${kind}.${code}` as 'reasons.formal.other'),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="note"
          label={t('act.noteLabel')}
          initialValue=""
          rules={[{ required: reasonCode === 'other', whitespace: true, message: t('act.noteRequired') }]}
        >
          <Input.TextArea
            rows={3}
            maxLength={reviewNoteMax}
            showCount
            placeholder={t('act.notePlaceholder')}
            data-testid="ops-refuse-note"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function DecisionBar({
  kind,
  id,
  claim,
  isWaiting,
  approveLabel,
  confirmText,
}: {
  kind: TOpsReviewKind;
  id: number;
  claim: TOpsReviewClaim | null;
  isWaiting: boolean;
  approveLabel: string;
  confirmText: string;
}) {
  const { t } = useTranslation('opsReviews');
  const canApprove = useOpsCan(approveRoutes[kind]);
  const canRefuse = useOpsCan(refuseRoutes[kind]);
  const decide = useDecision(kind, id);
  const [isRefusing, setIsRefusing] = useState(false);
  const [outcome, setOutcome] = useState<TOpsReviewOutcome | null>(null);
  const isMine = claim?.isMine === true;
  const refuseLabel = kind === 'formal' ? t('act.decline') : t('act.reject');
  const statusText = (status: string) => t(`statuses.${status}` as 'statuses.passed');
  return (
    <div className="cz-review-decision">
      {outcome ? (
        <Alert
          type="success"
          showIcon
          data-testid="ops-decision-outcome"
          title={
            outcome.isReplay
              ? t('act.replay', { status: statusText(outcome.status) })
              : t('act.done', { status: statusText(outcome.status) })
          }
          description={
            outcome.isReplay
              ? null
              : outcome.notice.isSent && outcome.notice.channel
                ? t('act.told', { channel: t(`act.channels.${outcome.notice.channel}`) })
                : t('act.notTold')
          }
        />
      ) : null}
      {isWaiting && (canApprove || canRefuse) ? (
        <Space wrap>
          {canApprove ? (
            <Button
              type="primary"
              disabled={!isMine}
              loading={decide.isPending}
              data-testid="ops-approve"
              onClick={() =>
                Modal.confirm({
                  title: confirmText,
                  okText: approveLabel,
                  cancelText: t('act.cancel'),
                  okButtonProps: { 'data-testid': 'ops-approve-confirm' } as ButtonProps,
                  onOk: () => decide.mutateAsync(null).then(setOutcome),
                })
              }
            >
              {approveLabel}
            </Button>
          ) : null}
          {canRefuse ? (
            <Button danger disabled={!isMine} onClick={() => setIsRefusing(true)} data-testid="ops-refuse">
              {refuseLabel}
            </Button>
          ) : null}
        </Space>
      ) : null}
      {isRefusing ? (
        <RefuseDialog
          kind={kind}
          isBusy={decide.isPending}
          onClose={() => setIsRefusing(false)}
          onSend={(refusal) =>
            decide.mutate(refusal, {
              onSuccess: (done) => {
                setOutcome(done);
                setIsRefusing(false);
              },
            })
          }
        />
      ) : null}
    </div>
  );
}
