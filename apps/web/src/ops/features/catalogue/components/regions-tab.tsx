/** The catalogue's regions of each cloud provider and the services each offers (the owner edits). */
import type { TCatalogueRegion } from '@console/contract/ops';
import { Button, Form, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '@/ops/components/scroll-table';
import { type TCatalogueData, useCatalogueChange } from '../api/catalogue';
import { ChangeModal } from './change-modal';
import { EnabledTag, RemoveModal, useFieldLabel } from './row-parts';

type TEditing =
  | { mode: 'create' | 'update'; row: Partial<TCatalogueRegion> }
  | { mode: 'remove'; row: TCatalogueRegion };

export function RegionsTab({ data, canEdit }: { data: TCatalogueData; canEdit: boolean }) {
  const { t, i18n } = useTranslation('opsCatalogue');
  const change = useCatalogueChange();
  const [editing, setEditing] = useState<TEditing | null>(null);
  const isZh = i18n.language === 'zh-CN';
  const used = new Set(data.usage.regions);
  const keyOf = (r: Pick<TCatalogueRegion, 'csp' | 'code'>) => `${r.csp}/${r.code}`;
  const serviceName = (id: number) => {
    const s = data.catalogue.services.find((x) => x.id === id);
    return s ? (isZh ? s.nameZh : s.nameEn) : String(id);
  };
  const cspName = (code: string) => {
    const p = data.catalogue.csps.find((x) => x.code === code);
    return p ? (isZh ? p.nameZh : p.nameEn) : code;
  };
  const f = useFieldLabel();
  return (
    <>
      {canEdit ? (
        <Button
          type="primary"
          onClick={() => setEditing({ mode: 'create', row: { isEnabled: true, sort: 0, serviceIds: [] } })}
        >
          {t('catalogue.add')}
        </Button>
      ) : null}
      <ScrollTable
        label={t('catalogue.tabs.regions')}
        size="small"
        rowKey={keyOf}
        pagination={false}
        scroll={{ x: 860 }}
        dataSource={data.catalogue.regions}
        columns={[
          { title: f('csp'), key: 'csp', render: (_, r) => cspName(r.csp) },
          {
            title: f('code'),
            dataIndex: 'code',
            render: (v: string) => <span className="cz-ops-id">{v}</span>,
          },
          {
            title: isZh ? f('nameZh') : f('nameEn'),
            key: 'name',
            render: (_, r) => (isZh ? r.nameZh : r.nameEn),
          },
          {
            title: f('services'),
            key: 'services',
            render: (_, r) => (
              <Space size={4} wrap>
                {r.serviceIds.map((id) => (
                  <Tag key={id}>{serviceName(id)}</Tag>
                ))}
              </Space>
            ),
          },
          {
            title: f('requiredTag'),
            dataIndex: 'requiredTag',
            render: (v: string | null) => v ?? f('everyone'),
          },
          {
            title: f('isEnabled'),
            key: 'state',
            render: (_, r) => (
              <Space size={4} wrap>
                <EnabledTag isEnabled={r.isEnabled} />
                {used.has(keyOf(r)) ? <Tag>{t('catalogue.inUse')}</Tag> : null}
              </Space>
            ),
          },
          ...(canEdit
            ? [
                {
                  title: '',
                  key: 'acts',
                  render: (_: unknown, r: TCatalogueRegion) => (
                    <Space size={0}>
                      <Button type="link" onClick={() => setEditing({ mode: 'update', row: r })}>
                        {t('catalogue.edit')}
                      </Button>
                      <Button type="link" danger onClick={() => setEditing({ mode: 'remove', row: r })}>
                        {t('catalogue.remove')}
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing?.mode === 'remove' ? (
        <RemoveModal
          name={keyOf(editing.row)}
          isUsed={used.has(keyOf(editing.row))}
          onClose={() => setEditing(null)}
          onSubmit={(reason) =>
            change('opsRemoveCatalogueRegion', { csp: editing.row.csp, code: editing.row.code, reason }).then(
              () => {},
            )
          }
        />
      ) : editing ? (
        <ChangeModal<TCatalogueRegion>
          title={`${editing.mode === 'create' ? t('catalogue.add') : t('catalogue.edit')} · ${t('catalogue.tabs.regions')}`}
          okText={t('catalogue.save')}
          initialValues={editing.row}
          testId="ops-cat-region-form"
          onClose={() => setEditing(null)}
          onSubmit={async (values) => {
            await change(
              editing.mode === 'create' ? 'opsCreateCatalogueRegion' : 'opsUpdateCatalogueRegion',
              {
                ...values,
                requiredTag: values.requiredTag?.trim() ? values.requiredTag.trim() : null,
                serviceIds: values.serviceIds ?? [],
              },
            );
          }}
        >
          <Form.Item name="csp" label={f('csp')} rules={[{ required: true }]}>
            <Select
              disabled={editing.mode === 'update'}
              options={data.catalogue.csps.map((p) => ({ value: p.code, label: isZh ? p.nameZh : p.nameEn }))}
            />
          </Form.Item>
          <Form.Item name="code" label={f('code')} rules={[{ required: true }]}>
            <Input maxLength={64} disabled={editing.mode === 'update'} />
          </Form.Item>
          <Form.Item name="nameZh" label={f('nameZh')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="nameEn" label={f('nameEn')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="serviceIds" label={f('services')}>
            <Select
              mode="multiple"
              options={data.catalogue.services.map((s) => ({
                value: s.id,
                label: isZh ? s.nameZh : s.nameEn,
              }))}
            />
          </Form.Item>
          <Form.Item name="requiredTag" label={f('requiredTag')}>
            <Input maxLength={64} placeholder={f('everyone')} />
          </Form.Item>
          <Form.Item name="sort" label={f('sort')}>
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="isEnabled" label={f('isEnabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </ChangeModal>
      ) : null}
    </>
  );
}
