import { auditSearchMax, auditUsernameMax } from '@console/contract/audit-rules';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditObjectTypes, emptyAuditFilters, type TAuditFilters } from '../lib/audit-query';

type TRange = [Dayjs | null, Dayjs | null] | null;

/** Filters of the audit log: time range, user, object type, status and free text. */
export function AuditFilters({ onApply }: { onApply: (filters: TAuditFilters) => void }) {
  const { t } = useTranslation('audit');
  const [range, setRange] = useState<TRange>(null);
  const [draft, setDraft] = useState<TAuditFilters>(emptyAuditFilters);

  const apply = () =>
    onApply({
      ...draft,
      from: range?.[0] ? range[0].toDate().toISOString() : null,
      to: range?.[1] ? range[1].toDate().toISOString() : null,
    });
  const reset = () => {
    setRange(null);
    setDraft(emptyAuditFilters);
    onApply(emptyAuditFilters);
  };

  return (
    <Form layout="inline" className="cz-audit__filters" onFinish={apply} data-testid="audit-filters">
      <Form.Item label={t('filters.timeRange')}>
        <DatePicker.RangePicker
          showTime
          allowEmpty={[true, true]}
          value={range}
          onChange={(value) => setRange(value as TRange)}
          placeholder={[t('filters.startTime'), t('filters.endTime')]}
          data-testid="audit-filter-time"
        />
      </Form.Item>
      <Form.Item label={t('filters.user')} htmlFor="audit-filter-user">
        <Input
          id="audit-filter-user"
          allowClear
          maxLength={auditUsernameMax}
          placeholder={t('filters.userPlaceholder')}
          value={draft.username}
          onChange={(e) => setDraft({ ...draft, username: e.target.value })}
          data-testid="audit-filter-user"
        />
      </Form.Item>
      <Form.Item label={t('filters.objectType')} htmlFor="audit-filter-object-type">
        <Select
          id="audit-filter-object-type"
          style={{ minWidth: 140 }}
          value={draft.objectType}
          onChange={(objectType: string) => setDraft({ ...draft, objectType })}
          options={[
            { value: '', label: t('filters.all') },
            ...auditObjectTypes.map((type) => ({
              value: type,
              label: t(`objectTypes.${type}`, { defaultValue: type }),
            })),
          ]}
          data-testid="audit-filter-object-type"
        />
      </Form.Item>
      <Form.Item label={t('filters.status')} htmlFor="audit-filter-status">
        <Select
          id="audit-filter-status"
          style={{ minWidth: 110 }}
          value={draft.status}
          onChange={(status: TAuditFilters['status']) => setDraft({ ...draft, status })}
          options={[
            { value: 'all', label: t('filters.all') },
            { value: 'success', label: t('statuses.success') },
            { value: 'failure', label: t('statuses.failure') },
          ]}
          data-testid="audit-filter-status"
        />
      </Form.Item>
      <Form.Item label={t('filters.search')} htmlFor="audit-filter-search">
        <Input
          id="audit-filter-search"
          allowClear
          maxLength={auditSearchMax}
          placeholder={t('filters.searchPlaceholder')}
          value={draft.search}
          onChange={(e) => setDraft({ ...draft, search: e.target.value })}
          data-testid="audit-filter-search"
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="audit-filter-apply">
            {t('filters.apply')}
          </Button>
          <Button onClick={reset} data-testid="audit-filter-reset">
            {t('filters.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
