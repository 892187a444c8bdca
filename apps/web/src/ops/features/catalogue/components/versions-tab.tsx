/** The catalogue's versions of each service: listed, added, changed and removed (the owner). */

import type { TCatalogueVersion } from '@console/contract/ops';
import { ServiceVersionCodes } from '@console/contract/service-enums';
import { Button, Form, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '@/ops/components/scroll-table';
import { type TCatalogueData, useCatalogueChange } from '../api/catalogue';
import { ChangeModal } from './change-modal';
import { EnabledTag, RemoveModal, useFieldLabel } from './row-parts';

type TEditing =
  | { mode: 'create' | 'update'; row: Partial<TCatalogueVersion> }
  | { mode: 'remove'; row: TCatalogueVersion };

export function VersionsTab({ data, canEdit }: { data: TCatalogueData; canEdit: boolean }) {
  const { t, i18n } = useTranslation('opsCatalogue');
  const change = useCatalogueChange();
  const [editing, setEditing] = useState<TEditing | null>(null);
  const isZh = i18n.language === 'zh-CN';
  const used = new Set(data.usage.versions);
  const keyOf = (v: Pick<TCatalogueVersion, 'serviceId' | 'code'>) => `${v.serviceId}/${v.code}`;
  const serviceName = (id: number) => {
    const s = data.catalogue.services.find((x) => x.id === id);
    return s ? (isZh ? s.nameZh : s.nameEn) : String(id);
  };
  const f = useFieldLabel();
  return (
    <>
      {canEdit ? (
        <Button
          type="primary"
          onClick={() => setEditing({ mode: 'create', row: { isEnabled: true, sort: 0, code: 'trial' } })}
        >
          {t('catalogue.add')}
        </Button>
      ) : null}
      <ScrollTable
        label={t('catalogue.tabs.versions')}
        size="small"
        rowKey={keyOf}
        pagination={false}
        scroll={{ x: 760 }}
        dataSource={data.catalogue.versions}
        columns={[
          { title: f('service'), key: 'service', render: (_, v) => serviceName(v.serviceId) },
          {
            title: f('code'),
            dataIndex: 'code',
            render: (v: string) => <span className="cz-ops-id">{v}</span>,
          },
          {
            title: isZh ? f('nameZh') : f('nameEn'),
            key: 'name',
            render: (_, v) => (isZh ? v.nameZh : v.nameEn),
          },
          { title: f('trialDays'), dataIndex: 'trialDays', render: (v: number | null) => v ?? '—' },
          { title: f('userLimit'), dataIndex: 'userLimit', render: (v: number | null) => v ?? f('noLimit') },
          {
            title: f('isEnabled'),
            key: 'state',
            render: (_, v) => (
              <Space size={4} wrap>
                <EnabledTag isEnabled={v.isEnabled} />
                {used.has(keyOf(v)) ? <Tag>{t('catalogue.inUse')}</Tag> : null}
              </Space>
            ),
          },
          ...(canEdit
            ? [
                {
                  title: '',
                  key: 'acts',
                  render: (_: unknown, v: TCatalogueVersion) => (
                    <Space size={0}>
                      <Button type="link" onClick={() => setEditing({ mode: 'update', row: v })}>
                        {t('catalogue.edit')}
                      </Button>
                      <Button type="link" danger onClick={() => setEditing({ mode: 'remove', row: v })}>
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
          name={`${serviceName(editing.row.serviceId)} ${editing.row.code}`}
          isUsed={used.has(keyOf(editing.row))}
          onClose={() => setEditing(null)}
          onSubmit={(reason) =>
            change('opsRemoveCatalogueVersion', {
              serviceId: editing.row.serviceId,
              code: editing.row.code,
              reason,
            }).then(() => {})
          }
        />
      ) : editing ? (
        <ChangeModal<TCatalogueVersion>
          title={`${editing.mode === 'create' ? t('catalogue.add') : t('catalogue.edit')} · ${t('catalogue.tabs.versions')}`}
          okText={t('catalogue.save')}
          initialValues={editing.row}
          testId="ops-cat-version-form"
          onClose={() => setEditing(null)}
          onSubmit={async (values) => {
            await change(
              editing.mode === 'create' ? 'opsCreateCatalogueVersion' : 'opsUpdateCatalogueVersion',
              {
                ...values,
                trialDays: values.trialDays ?? null,
                userLimit: values.userLimit ?? null,
              },
            );
          }}
        >
          <Form.Item name="serviceId" label={f('service')} rules={[{ required: true }]}>
            <Select
              disabled={editing.mode === 'update'}
              options={data.catalogue.services.map((s) => ({
                value: s.id,
                label: isZh ? s.nameZh : s.nameEn,
              }))}
            />
          </Form.Item>
          <Form.Item name="code" label={f('code')} rules={[{ required: true }]}>
            <Select
              disabled={editing.mode === 'update'}
              options={ServiceVersionCodes.map((c) => ({ value: c, label: c }))}
            />
          </Form.Item>
          <Form.Item name="nameZh" label={f('nameZh')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="nameEn" label={f('nameEn')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="trialDays" label={f('trialDays')}>
            <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="userLimit" label={f('userLimit')}>
            <InputNumber
              min={1}
              max={1000000}
              precision={0}
              style={{ width: '100%' }}
              placeholder={f('noLimit')}
            />
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
