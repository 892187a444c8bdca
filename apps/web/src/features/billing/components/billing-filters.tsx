import { BillingRanges, SkuCategories, type TSkuCategory } from '@console/contract/billing-enums';
import { Form, Segmented, Select, Skeleton } from 'antd';
import type { Dayjs } from 'dayjs';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chunkLoader, lazyPage } from '@/lib/lazy';
import type { TCspRegionItem } from '../api/list-csp-regions';
import { useSkus } from '../api/list-skus';
import {
  billingToday,
  checkCustomRange,
  isCustomRangeIncomplete,
  type TOverviewFilters,
  type TRangeError,
  withCategory,
  withInstance,
  withRange,
  withSku,
} from '../lib/range';
import type { TCustomRangePickerProps, TPickerValue } from './custom-range-picker';

const CustomRangePicker = lazyPage<TCustomRangePickerProps>(
  chunkLoader(() => import('./custom-range-picker')),
);

const dayText = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : null);

/**
 * The overview's range (today, last 7 days, last 30 days, or custom with a date-range picker) and
 * filters: instance (region), a workspace of that instance, category, product (an SKU of
 * `skuList`, of the chosen category; choosing one chooses its category). A custom range applies once
 * both its days are chosen; until then its field says so. Days end at today's billing day (UTC+8).
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
  const skus = useSkus().data ?? [];
  const [picked, setPicked] = useState<TPickerValue>(null);
  const [rangeError, setRangeError] = useState<TRangeError | null>(null);
  const todayText = billingToday();
  const instance = instances.find((i) => i.instanceId === value.instanceId);
  // A range with a wrong day says what is wrong; one without both days asks for them.
  const rangeProblem: TRangeError | null =
    rangeError ?? (isCustomRangeIncomplete(value) ? 'missingDates' : null);
  const rangeText =
    rangeProblem === 'missingDates'
      ? t('overview.filters.customNeedsDates')
      : rangeProblem
        ? t(rangeProblem, { ns: 'validation' })
        : undefined;

  const pickRange = (next: TPickerValue) => {
    setPicked(next);
    const startDate = dayText(next?.[0]);
    const endDate = dayText(next?.[1]);
    const error = checkCustomRange(startDate, endDate);
    if (error === 'missingDates') {
      // Cleared: nothing is applied until both days are chosen again.
      setRangeError(null);
      onChange({ ...value, range: 'custom', startDate: null, endDate: null });
      return;
    }
    setRangeError(error);
    if (!error) onChange({ ...value, range: 'custom', startDate, endDate });
  };

  return (
    <Form layout="inline" className="cz-billing__filters" data-testid="billing-filters">
      <Form.Item label={t('overview.filters.range')}>
        <Segmented
          value={value.range}
          onChange={(range) => {
            setRangeError(null);
            // A preset range drops the custom days: the picker starts empty when Custom comes back.
            if (range !== 'custom') setPicked(null);
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
          validateStatus={rangeProblem ? 'error' : undefined}
          help={rangeText ? <span data-testid="billing-custom-range-help">{rangeText}</span> : undefined}
        >
          <Suspense fallback={<Skeleton.Input active />}>
            <CustomRangePicker
              value={picked}
              onChange={pickRange}
              lastDay={todayText}
              placeholder={[t('overview.filters.startDate'), t('overview.filters.endDate')]}
              isInvalid={rangeProblem !== null}
            />
          </Suspense>
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
            onChange(withCategory(value, category ? (category as TSkuCategory) : null, skus))
          }
          options={[
            { value: '', label: t('overview.filters.allCategories') },
            ...SkuCategories.map((c) => ({ value: c, label: t(`categories.${c}`) })),
          ]}
          data-testid="billing-filter-category"
        />
      </Form.Item>
      <Form.Item label={t('overview.filters.sku')} htmlFor="billing-filter-sku">
        <Select
          id="billing-filter-sku"
          style={{ minWidth: 220 }}
          showSearch={{ optionFilterProp: 'label' }}
          value={value.skuCode ?? ''}
          onChange={(code: string) => onChange(withSku(value, code || null, skus))}
          options={[
            { value: '', label: t('overview.filters.allSkus') },
            ...SkuCategories.filter((c) => !value.category || c === value.category)
              .map((c) => ({
                label: t(`categories.${c}`),
                options: skus
                  .filter((s) => s.category === c)
                  .map((s) => ({ value: s.code, label: `${s.name} (${s.unit})` })),
              }))
              .filter((group) => group.options.length > 0),
          ]}
          data-testid="billing-filter-sku"
        />
      </Form.Item>
    </Form>
  );
}
