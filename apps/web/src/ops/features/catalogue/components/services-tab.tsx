/** The catalogue's services: listed, added, changed and removed (the owner). */
import type { TCatalogueService } from '@console/contract/ops';
import { Button, Form, Input, InputNumber, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '@/ops/components/scroll-table';
import { type TCatalogueData, useCatalogueChange } from '../api/catalogue';
import { ChangeModal } from './change-modal';
import { EnabledTag, RemoveModal, useFieldLabel } from './row-parts';

type TEditing =
  | { mode: 'create' | 'update'; row: Partial<TCatalogueService> }
  | { mode: 'remove'; row: TCatalogueService };

export function ServicesTab({ data, canEdit }: { data: TCatalogueData; canEdit: boolean }) {
  const { t, i18n } = useTranslation('opsCatalogue');
  const change = useCatalogueChange();
  const [editing, setEditing] = useState<TEditing | null>(null);
  const isZh = i18n.language === 'zh-CN';
  const used = new Set(data.usage.services);
  const f = useFieldLabel();
  return (
    <>
      {canEdit ? (
        <Button
          type="primary"
          onClick={() => setEditing({ mode: 'create', row: { isEnabled: true, sort: 0 } })}
          data-testid="ops-cat-service-add"
        >
          {t('catalogue.add')}
        </Button>
      ) : null}
      <ScrollTable
        label={t('catalogue.tabs.services')}
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 760 }}
        dataSource={data.catalogue.services}
        columns={[
          { title: f('id'), dataIndex: 'id', width: 64 },
          {
            title: f('code'),
            dataIndex: 'code',
            render: (v: string) => <span className="cz-ops-id">{v}</span>,
          },
          {
            title: isZh ? f('nameZh') : f('nameEn'),
            key: 'name',
            render: (_, s) => (isZh ? s.nameZh : s.nameEn),
          },
          { title: f('sort'), dataIndex: 'sort', width: 80 },
          {
            title: f('isEnabled'),
            key: 'state',
            render: (_, s) => (
              <Space size={4} wrap>
                <EnabledTag isEnabled={s.isEnabled} />
                {used.has(s.id) ? <Tag>{t('catalogue.inUse')}</Tag> : null}
              </Space>
            ),
          },
          ...(canEdit
            ? [
                {
                  title: '',
                  key: 'acts',
                  render: (_: unknown, s: TCatalogueService) => (
                    <Space size={0}>
                      <Button
                        type="link"
                        onClick={() => setEditing({ mode: 'update', row: s })}
                        data-testid={`ops-cat-service-edit-${s.id}`}
                      >
                        {t('catalogue.edit')}
                      </Button>
                      <Button type="link" danger onClick={() => setEditing({ mode: 'remove', row: s })}>
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
          name={`${editing.row.code}`}
          isUsed={used.has(editing.row.id)}
          onClose={() => setEditing(null)}
          onSubmit={(reason) =>
            change('opsRemoveCatalogueService', { id: editing.row.id, reason }).then(() => {})
          }
        />
      ) : editing ? (
        <ChangeModal<TCatalogueService>
          title={`${editing.mode === 'create' ? t('catalogue.add') : t('catalogue.edit')} · ${t('catalogue.tabs.services')}`}
          okText={t('catalogue.save')}
          initialValues={editing.row}
          testId="ops-cat-service-form"
          onClose={() => setEditing(null)}
          onSubmit={async (values) => {
            await change(
              editing.mode === 'create' ? 'opsCreateCatalogueService' : 'opsUpdateCatalogueService',
              values,
            );
          }}
        >
          <Form.Item name="id" label={f('id')} rules={[{ required: true }]}>
            <InputNumber
              min={1}
              max={32767}
              precision={0}
              disabled={editing.mode === 'update'}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item name="code" label={f('code')} rules={[{ required: true }]}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="nameZh" label={f('nameZh')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="nameEn" label={f('nameEn')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="descriptionZh" label={f('descriptionZh')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          <Form.Item name="descriptionEn" label={f('descriptionEn')}>
            <Input.TextArea rows={2} maxLength={500} />
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
