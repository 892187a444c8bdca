import { SyncOutlined } from '@ant-design/icons';
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { failReasonText, insightStatusView, instanceStatusView } from '../lib/status';

/** A readable text of a failure reason (known reasons translated, the raw code otherwise). */
export function useFailReasonText(): (reason: string | null | undefined) => string | null {
  const { t } = useTranslation('services');
  return (reason) => failReasonText(reason, (key) => t(`failReasons.${key}`));
}

/**
 * An instance's status: opening with a spinner, opened green, openFailed red with its reason in
 * a tooltip and below, closed grey.
 */
export function InstanceStatusTag(props: {
  status: number;
  failReason?: string | null;
  showReason?: boolean;
}) {
  const { t } = useTranslation('services');
  const reasonText = useFailReasonText();
  const view = instanceStatusView(props.status);
  const reason = view.isFailed ? reasonText(props.failReason) : null;
  const tag = (
    <Tag
      color={view.color}
      icon={view.isBusy ? <SyncOutlined spin /> : undefined}
      data-testid="instance-status"
      data-status={view.key}
    >
      {t(`status.${view.key}`)}
    </Tag>
  );
  if (!reason) return tag;
  return (
    <span className="cz-services__status">
      <Tooltip title={reason}>{tag}</Tooltip>
      {props.showReason === false ? null : (
        <Typography.Text type="danger" className="cz-services__reason" data-testid="instance-fail-reason">
          {t('failReason', { reason })}
        </Typography.Text>
      )}
    </span>
  );
}

/** An Insight user's status: the six statuses and closed (never enabled). */
export function InsightStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('services');
  const view = insightStatusView(status);
  return (
    <Tag
      color={view.color}
      icon={view.isBusy ? <SyncOutlined spin /> : undefined}
      data-testid="insight-user-status"
      data-status={view.key}
    >
      {t(`insight.status.${view.key}`)}
    </Tag>
  );
}
