import { auditSearchMax, auditUsernameMax } from '@console/contract/audit-rules';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '@/lib/use-media-query';
import { objectTypeChoices } from '../lib/audit-labels';
import { auditTimePresets, presetRange, type TAuditTimePreset } from '../lib/audit-presets';
import { emptyAuditFilters, type TAuditFilters } from '../lib/audit-query';

type TRange = [Dayjs | null, Dayjs | null] | null;

/**
 * Where the whole list of object types fits below the filter (a desktop window): all of them at
 * once, the list as tall as they are; elsewhere antd's seven at a time, and the search narrows.
 */
const roomForAllTypes = '(min-width: 768px) and (min-height: 840px)';

/**
 * Filters of the audit log: time (any, today, the last 7 or 30 days, or a custom range), user,
 * object type, status and free text. A preset's range is taken at the moment of the search. The
 * object types are every type the server writes, by name in the page's alphabet, all in view on a
 * desktop and searchable by name everywhere, so that none hides below the list's fold.
 */
export function AuditFilters({ onApply }: { onApply: (filters: TAuditFilters) => void }) {
  const { t, i18n } = useTranslation('audit');
  const hasRoomForAllTypes = useMediaQuery(roomForAllTypes);
  const objectTypes = objectTypeChoices(
    { objectTypes: t('objectTypes', { returnObjects: true }) as Record<string, string> },
    i18n.language,
  );
  const [preset, setPreset] = useState<TAuditTimePreset>('all');
  const [range, setRange] = useState<TRange>(null);
  const [draft, setDraft] = useState<TAuditFilters>(emptyAuditFilters);

  const apply = () =>
    onApply({
      ...draft,
      ...(preset === 'custom'
        ? {
            from: range?.[0] ? range[0].toDate().toISOString() : null,
            to: range?.[1] ? range[1].toDate().toISOString() : null,
          }
        : presetRange(preset, new Date())),
    });
  const reset = () => {
    setPreset('all');
    setRange(null);
    setDraft(emptyAuditFilters);
    onApply(emptyAuditFilters);
  };

  return (
    <Form layout="inline" className="cz-audit__filters" onFinish={apply} data-testid="audit-filters">
      <Form.Item label={t('filters.timeRange')} htmlFor="audit-filter-preset">
        <Select
          id="audit-filter-preset"
          className="cz-audit__preset"
          value={preset}
          onChange={(value: TAuditTimePreset) => setPreset(value)}
          options={auditTimePresets.map((value) => ({ value, label: t(`filters.presets.${value}`) }))}
          data-testid="audit-filter-preset"
        />
      </Form.Item>
      {preset === 'custom' ? (
        <Form.Item className="cz-audit__range">
          <DatePicker.RangePicker
            showTime
            allowEmpty={[true, true]}
            value={range}
            onChange={(value) => setRange(value as TRange)}
            placeholder={[t('filters.startTime'), t('filters.endTime')]}
            aria-label={t('filters.presets.custom')}
            data-testid="audit-filter-time"
          />
        </Form.Item>
      ) : null}
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
          className="cz-audit__select"
          value={draft.objectType}
          onChange={(objectType: string) => setDraft({ ...draft, objectType })}
          showSearch={{ optionFilterProp: 'label' }}
          virtual={false}
          {...(hasRoomForAllTypes ? { listHeight: 2000 } : {})}
          options={[{ value: '', label: t('filters.all') }, ...objectTypes]}
          data-testid="audit-filter-object-type"
        />
      </Form.Item>
      <Form.Item label={t('filters.status')} htmlFor="audit-filter-status">
        <Select
          id="audit-filter-status"
          className="cz-audit__select"
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
