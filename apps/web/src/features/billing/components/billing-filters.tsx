import { BillingRanges, SkuCategories, type TSkuCategory } from '@console/contract/billing-enums';
import { DatePicker, Form, Segmented, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCspRegionItem } from '../api/list-csp-regions';
import {
  checkCustomRange,
  type TOverviewFilters,
  type TRangeError,
  withInstance,
  withRange,
} from '../lib/range';

type TPickerValue = [Dayjs | null, Dayjs | null] | null;

const dayText = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : null);

/**
 * The overview's range (today, last 7 days, last 30 days, or custom with a date-range picker) and
 * filters: instance (region), a workspace of that instance, category.
 */
export function BillingFilters({
  value,
  onChange,
  instances,
}: {
  value: TOverviewFilters;
  onChange: (next: TOverviewFilters) => void;
  instances: readonly TCspRegionItem[];
}) {
  const { t } = useTranslation(['billing', 'validation']);
  const [picked, setPicked] = useState<TPickerValue>(null);
  const [rangeError, setRangeError] = useState<TRangeError | null>(null);
  const today = new Date();
  const todayText = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  const instance = instances.find((i) => i.instanceId === value.instanceId);

  const pickRange = (next: TPickerValue) => {
    setPicked(next);
    const startDate = dayText(next?.[0]);
    const endDate = dayText(next?.[1]);
    const error = checkCustomRange(startDate, endDate);
    setRangeError(next ? error : null);
    if (!error) onChange({ ...value, range: 'custom', startDate, endDate });
  };

  return (
    <Form layout="inline" className="cz-billing__filters" data-testid="billing-filters">
      <Form.Item label={t('overview.filters.range')}>
        <Segmented
          value={value.range}
          onChange={(range) => {
            setRangeError(null);
            onChange(withRange(value, range as TOverviewFilters['range']));
          }}
          options={BillingRanges.map((range) => ({
            value: range,
            label: <span data-testid={`billing-range-${range}`}>{t(`overview.ranges.${range}`)}</span>,
          }))}
          data-testid="billing-range"
        />
      </Form.Item>
      {value.range === 'custom' ? (
        <Form.Item
          validateStatus={rangeError ? 'error' : undefined}
          help={rangeError ? t(rangeError, { ns: 'validation' }) : undefined}
        >
          <DatePicker.RangePicker
            value={picked}
            onChange={(next) => pickRange(next as TPickerValue)}
            disabledDate={(day) => day.format('YYYY-MM-DD') > todayText}
            placeholder={[t('overview.filters.startDate'), t('overview.filters.endDate')]}
            data-testid="billing-custom-range"
          />
        </Form.Item>
      ) : null}
      <Form.Item label={t('overview.filters.instance')} htmlFor="billing-filter-instance">
        <Select
          id="billing-filter-instance"
          style={{ minWidth: 220 }}
          value={value.instanceId ?? 0}
          onChange={(id: number) => onChange(withInstance(value, id === 0 ? null : id))}
          options={[
            { value: 0, label: t('overview.filters.allInstances') },
            ...instances.map((i) => ({
              value: i.instanceId,
              label: `${i.instanceName} · ${i.cspName} / ${i.regionName}`,
            })),
          ]}
          data-testid="billing-filter-instance"
        />
      </Form.Item>
      <Form.Item label={t('overview.filters.workspace')} htmlFor="billing-filter-workspace">
        <Select
          id="billing-filter-workspace"
          style={{ minWidth: 180 }}
          disabled={!instance}
          value={value.workspace ?? ''}
          title={instance ? undefined : t('overview.filters.workspaceNeedsInstance')}
          onChange={(workspace: string) => onChange({ ...value, workspace: workspace || null })}
          options={[
            { value: '', label: t('overview.filters.allWorkspaces') },
            ...(instance?.workspaces ?? []).map((w) => ({ value: w, label: w })),
          ]}
          data-testid="billing-filter-workspace"
        />
      </Form.Item>
      <Form.Item label={t('overview.filters.category')} htmlFor="billing-filter-category">
        <Select
          id="billing-filter-category"
          style={{ minWidth: 140 }}
          value={value.category ?? ''}
          onChange={(category: string) =>
            onChange({ ...value, category: category ? (category as TSkuCategory) : null })
          }
          options={[
            { value: '', label: t('overview.filters.allCategories') },
            ...SkuCategories.map((c) => ({ value: c, label: t(`categories.${c}`) })),
          ]}
          data-testid="billing-filter-category"
        />
      </Form.Item>
    </Form>
  );
}
