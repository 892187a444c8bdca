import { InfoCircleOutlined } from '@ant-design/icons';
import { Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccountTags } from '../api/get-account-tags';
import { useAccountRegions } from '../api/list-regions';
import { regionFilterGroups } from '../lib/region-filter';

/**
 * Above the services: a filter of the instances by region, offering every region open to the
 * account (`serviceRegionList`), and the tags the platform operator put on the account
 * (`getAccountTags`), which can open regions to it; shown only when there are some.
 */
export function ServiceFilters({
  regionId,
  onRegionChange,
}: {
  regionId: number | null;
  onRegionChange: (regionId: number | null) => void;
}) {
  const { t } = useTranslation(['services']);
  const regions = useAccountRegions();
  const tags = useAccountTags().data ?? [];
  return (
    <div className="cz-services__filters" data-testid="service-filters">
      <Space wrap size={[12, 8]}>
        <Space size={8}>
          <label htmlFor="service-region-filter">{t('filters.region')}</label>
          <Select<number>
            id="service-region-filter"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('filters.allRegions')}
            value={regionId ?? undefined}
            onChange={(value) => onRegionChange(value ?? null)}
            options={regionFilterGroups(regions.data ?? [])}
            loading={regions.isPending}
            className="cz-services__region-filter"
            data-testid="service-region-filter"
          />
        </Space>
        {tags.length > 0 ? (
          <Space size={4} wrap data-testid="account-tags">
            <Typography.Text type="secondary">
              {t('filters.tags')}{' '}
              <Tooltip title={t('filters.tagsHint')}>
                <InfoCircleOutlined aria-label={t('filters.tagsHint')} />
              </Tooltip>
            </Typography.Text>
            {tags.map((tag) => (
              <Tag key={tag.key} data-testid="account-tag">
                {tag.value ? `${tag.key}: ${tag.value}` : tag.key}
              </Tag>
            ))}
          </Space>
        ) : null}
      </Space>
    </div>
  );
}
