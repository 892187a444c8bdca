/**
 * The SKUs' list prices (owner and finance): what usage rated from now on is charged before the
 * account's discount. Shown as money per unit (at least 2 decimals, the billing's exact places
 * kept), set in the currency's minor unit per unit, an exact decimal, as the catalogue file has it.
 */
import type { TSkuCategory } from '@console/contract/billing-enums';
import { unitPriceFenPattern } from '@console/contract/ops';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '@/ops/components/scroll-table';
import { type TCatalogueData, useCatalogueChange } from '../api/catalogue';
import { formatUnitPrice } from '../lib/unit-price';
import { ChangeModal } from './change-modal';
import { useFieldLabel } from './row-parts';

type TPriceRow = TCatalogueData['skus'][number] & { unitPriceFen: string };

export function PricesTab({ data, canEdit }: { data: TCatalogueData; canEdit: boolean }) {
  const { t, i18n } = useTranslation('opsCatalogue');
  const change = useCatalogueChange();
  const [editing, setEditing] = useState<TPriceRow | null>(null);
  const isZh = i18n.language === 'zh-CN';
  const priceOf = new Map((data.catalogue.prices ?? []).map((p) => [p.sku, p.unitPriceFen]));
  const rows: TPriceRow[] = data.skus.map((s) => ({ ...s, unitPriceFen: priceOf.get(s.code) ?? '0' }));
  const serviceName = (id: number) => {
    const s = data.catalogue.services.find((x) => x.id === id);
    return s ? (isZh ? s.nameZh : s.nameEn) : String(id);
  };
  const f = useFieldLabel();
  return (
    <>
      <ScrollTable
        label={t('catalogue.tabs.prices')}
        size="small"
        rowKey="code"
        pagination={false}
        scroll={{ x: 820 }}
        dataSource={rows}
        columns={[
          {
            title: f('sku'),
            dataIndex: 'code',
            render: (v: string) => <span className="cz-ops-id">{v}</span>,
          },
          {
            title: isZh ? f('nameZh') : f('nameEn'),
            key: 'name',
            render: (_, s) => (isZh ? s.nameZh : s.nameEn),
          },
          { title: f('service'), key: 'service', render: (_, s) => serviceName(s.serviceId) },
          {
            title: f('category'),
            dataIndex: 'category',
            render: (v: TSkuCategory) => t(`catalogue.categories.${v}`),
          },
          {
            title: f('unitPrice'),
            key: 'price',
            align: 'right',
            render: (_, s) => (
              <span className="cz-ops-money" data-testid={`ops-cat-price-${s.code}`}>
                {t('catalogue.pricePerUnit', {
                  price: formatUnitPrice(s.unitPriceFen, data.currency),
                  unit: s.unit,
                })}
              </span>
            ),
          },
          ...(canEdit
            ? [
                {
                  title: '',
                  key: 'acts',
                  render: (_: unknown, s: TPriceRow) => (
                    <Button
                      type="link"
                      onClick={() => setEditing(s)}
                      data-testid={`ops-cat-price-edit-${s.code}`}
                    >
                      {t('catalogue.edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing ? (
        <ChangeModal<{ unitPriceFen: string }>
          title={`${t('catalogue.edit')} · ${editing.code}`}
          okText={t('catalogue.save')}
          initialValues={{ unitPriceFen: editing.unitPriceFen }}
          testId="ops-cat-price-form"
          onClose={() => setEditing(null)}
          onSubmit={async (values) => {
            await change('opsUpdateCataloguePrice', {
              sku: editing.code,
              unitPriceFen: values.unitPriceFen.trim(),
              reason: values.reason,
            });
          }}
        >
          <Typography.Paragraph type="secondary">
            {isZh ? editing.nameZh : editing.nameEn} · {editing.unit}
          </Typography.Paragraph>
          <Form.Item
            name="unitPriceFen"
            label={f('unitPriceFen')}
            rules={[{ required: true, pattern: unitPriceFenPattern, message: f('unitPriceFen') }]}
          >
            <Input inputMode="decimal" maxLength={20} data-testid="ops-cat-price-input" />
          </Form.Item>
        </ChangeModal>
      ) : null}
    </>
  );
}
