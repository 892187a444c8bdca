import { useTranslation } from 'react-i18next';
import { LineIcon } from '@/components/ui/line-icon';
import { Tag } from '@/components/ui/tag';
import { Tooltip } from '@/components/ui/tooltip';
import { failReasonText, insightStatusView, instanceStatusView } from '../lib/status';
import '../services.css';

/** A readable text of a failure reason (known reasons translated, the raw code otherwise). */
export function useFailReasonText(): (reason: string | null | undefined) => string | null {
  const { t } = useTranslation('services');
  return (reason) => failReasonText(reason, (key) => t(`failReasons.${key}`));
}

/** The turning arrows of a status on its way (opening, starting, stopping). */
const busyIcon = <LineIcon name="refresh" size={12} className="cz-services__spin" />;

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
      icon={view.isBusy ? busyIcon : undefined}
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
        <span className="cz-services__reason" data-testid="instance-fail-reason">
          {t('failReason', { reason })}
        </span>
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
      icon={view.isBusy ? busyIcon : undefined}
      data-testid="insight-user-status"
      data-status={view.key}
    >
      {t(`insight.status.${view.key}`)}
    </Tag>
  );
}
