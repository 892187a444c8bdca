/** The job's summary: status, submit/start/end times, duration, rows and data read and written. */
import type { TJobStatus } from '@console/contract';
import type { TLanguage } from '@console/contract/enums';
import type { TPhrases } from '@console/phrases';
import { Descriptions, Tag, Tooltip, Typography } from 'antd';
import { interpolate } from '@/lib/phrases';
import type { TSharedJobProfile } from '../api/get-shared-job-profile';
import { formatBytes, formatCount, formatDuration, formatExactCount, formatTime } from '../lib/units';

const statusColors: Record<TJobStatus, string> = {
  RUNNING: 'processing',
  SUCCEEDED: 'success',
  FAILED: 'error',
  CANCELLED: 'default',
};

export function JobStatusTag({
  status,
  texts,
  testId = 'profile-status',
}: {
  status: TJobStatus;
  texts: TPhrases['share'];
  testId?: string;
}) {
  return (
    <Tag color={statusColors[status]} data-testid={testId} data-status={status}>
      {texts.statuses[status]}
    </Tag>
  );
}

type TProps = { profile: TSharedJobProfile['profile']; texts: TPhrases['share']; lang: TLanguage };

export function ProfileSummary({ profile, texts, lang }: TProps) {
  const f = texts.facts;
  const count = (value: number, testId: string) => (
    <Tooltip title={interpolate(f.exact, { value: formatExactCount(value, lang) })}>
      <span data-testid={testId} data-value={value}>
        {formatCount(value, lang)}
      </span>
    </Tooltip>
  );
  const bytes = (value: number, testId: string) => (
    <span data-testid={testId} data-value={value}>
      {formatBytes(value, texts.units, lang)}
    </span>
  );
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3, xl: 4 }}
      data-testid="profile-summary"
      items={[
        {
          key: 'jobId',
          label: f.jobId,
          children: (
            <Typography.Text code copyable data-testid="profile-job-id">
              {profile.jobId}
            </Typography.Text>
          ),
        },
        { key: 'status', label: f.status, children: <JobStatusTag status={profile.status} texts={texts} /> },
        {
          key: 'duration',
          label: f.duration,
          children: (
            <span data-testid="profile-duration">
              {formatDuration(profile.durationMs, texts.units, lang)}
            </span>
          ),
        },
        {
          key: 'submitTime',
          label: f.submitTime,
          children: <span data-testid="profile-submit">{formatTime(profile.submitTime, lang)}</span>,
        },
        {
          key: 'startTime',
          label: f.startTime,
          children: profile.startTime ? formatTime(profile.startTime, lang) : f.notStarted,
        },
        {
          key: 'endTime',
          label: f.endTime,
          children: profile.endTime ? formatTime(profile.endTime, lang) : f.stillRunning,
        },
        { key: 'rowsRead', label: f.rowsRead, children: count(profile.rowsRead, 'profile-rows-read') },
        { key: 'bytesRead', label: f.bytesRead, children: bytes(profile.bytesRead, 'profile-bytes-read') },
        {
          key: 'rowsWritten',
          label: f.rowsWritten,
          children: count(profile.rowsWritten, 'profile-rows-written'),
        },
        {
          key: 'bytesWritten',
          label: f.bytesWritten,
          children: bytes(profile.bytesWritten, 'profile-bytes-written'),
        },
      ]}
    />
  );
}
