/**
 * Shares the profile of a recent job of an opened Lakehouse instance (any user of the account):
 * pick the job, choose how long the link works (1 to 30 days, 7 proposed), then copy the link,
 * which is shown this once only. The link opens /share/jobProfile without a login.
 */
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { ShareLimits } from '@console/contract/share-rules';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/components/copy-button';
import { formatDateTime } from '@/lib/format';
import { testId } from '@/lib/test-id';
import { useCreateJobProfileShare } from '../api/create-job-profile-share';
import { type TInstanceJob, useInstanceJobs } from '../api/list-instance-jobs';
import type { TInstanceItem } from '../api/list-instances';

type TProps = { instance: TInstanceItem; onClose: () => void };
type TValues = { jobId: string; expireDays: number };
type TCreated = { link: string; jobId: string; expireTime: string };

export function ShareJobProfileDialog({ instance, onClose }: TProps) {
  const { t } = useTranslation(['share', 'common']);
  const [form] = Form.useForm<TValues>();
  const jobs = useInstanceJobs(instance.id);
  const create = useCreateJobProfileShare();
  const [created, setCreated] = useState<TCreated | null>(null);
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const id = setTimeout(() => setIsCopied(false), 2000);
    return () => clearTimeout(id);
  }, [isCopied]);

  const jobLabel = (job: TInstanceJob) =>
    `${formatDateTime(job.submitTime)} · ${t(`statuses.${job.status}`)} · ${job.sqlHead}`;

  const submit = async () => {
    const values = await form.validateFields();
    const share = await create.mutateAsync({
      instanceId: instance.id,
      jobId: values.jobId,
      expireDays: values.expireDays,
    });
    setCreated({ link: share.link, jobId: share.jobId, expireTime: share.expireTime });
  };

  if (created) {
    return (
      <Modal
        open
        title={t('dialog.doneTitle')}
        onCancel={onClose}
        destroyOnHidden
        footer={
          <Button type="primary" onClick={onClose} {...testId('share-done-close')}>
            {t('dialog.close')}
          </Button>
        }
      >
        <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="share-created">
          <Alert
            type="success"
            showIcon
            title={t('dialog.doneText', { job: created.jobId, time: formatDateTime(created.expireTime) })}
          />
          <Space.Compact style={{ width: '100%' }}>
            <Input
              readOnly
              value={created.link}
              aria-label={t('dialog.linkLabel')}
              onFocus={(event) => event.target.select()}
              {...testId('share-link')}
            />
            <Button
              icon={isCopied ? <CheckOutlined /> : <CopyOutlined />}
              onClick={() => void copyText(created.link).then(setIsCopied)}
              {...testId('share-link-copy')}
            >
              <span aria-live="polite">{isCopied ? t('dialog.copied') : t('dialog.copyLink')}</span>
            </Button>
          </Space.Compact>
        </Space>
      </Modal>
    );
  }

  const list = jobs.data?.list ?? [];
  return (
    <Modal
      open
      title={t('dialog.title', { instance: instance.instanceName })}
      okText={t('dialog.create')}
      cancelText={t('cancel', { ns: 'common' })}
      okButtonProps={{ loading: create.isPending, disabled: list.length === 0, ...testId('share-create-ok') }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<TValues>
        form={form}
        layout="vertical"
        initialValues={{ expireDays: ShareLimits.expireDaysDefault }}
        data-testid="share-dialog"
      >
        {jobs.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('dialog.jobsFailed')}
            description={jobs.error.message}
            action={
              <Button size="small" onClick={() => void jobs.refetch()}>
                {t('retry', { ns: 'common' })}
              </Button>
            }
            style={{ marginBottom: 16 }}
            data-testid="share-jobs-failed"
          />
        ) : null}
        <Form.Item
          name="jobId"
          label={t('dialog.job')}
          rules={[{ required: true, message: t('dialog.jobRequired') }]}
          extra={jobs.isSuccess && list.length === 0 ? t('dialog.jobsEmpty') : undefined}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={jobs.isPending}
            placeholder={t('dialog.jobPlaceholder')}
            options={list.map((job) => ({ value: job.jobId, label: jobLabel(job) }))}
            // A new instance has run nothing yet: the open list says so in words, over the help below.
            notFoundContent={
              jobs.isSuccess ? (
                <Typography.Text type="secondary">{t('dialog.jobsEmpty')}</Typography.Text>
              ) : undefined
            }
            popupMatchSelectWidth
            {...testId('share-job-select')}
          />
        </Form.Item>
        <Form.Item
          name="expireDays"
          label={t('dialog.expireDays')}
          extra={t('dialog.expireDaysHelp')}
          rules={[
            {
              required: true,
              type: 'integer',
              min: ShareLimits.expireDaysMin,
              max: ShareLimits.expireDaysMax,
              message: t('shareExpireDays', { ns: 'validation' }),
            },
          ]}
        >
          <InputNumber
            min={ShareLimits.expireDaysMin}
            max={ShareLimits.expireDaysMax}
            precision={0}
            suffix={t('dialog.days')}
            style={{ width: 160 }}
            {...testId('share-expire-days')}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('actionHint')}
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}
