import { Alert, Form, Modal, Radio, Select, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notifier';
import { testId } from '@/lib/test-id';
import { useCreateInstance } from '../api/create-instance';
import { useCsps } from '../api/list-csps';
import { useServiceRegions } from '../api/list-service-regions';
import { useServiceVersions } from '../api/list-service-versions';
import type { TServiceItem } from '../api/list-services';
import { canOpenRegion, cspChoices, defaultCsp, firstFreeRegion, regionOptions } from '../lib/regions';

type TCreateInstanceDialogProps = {
  services: readonly TServiceItem[];
  /** The service the dialog opens with. */
  serviceId: number;
  onClose: () => void;
};

/**
 * Opens a service in a region (administrators): service, version (trial or formal), cloud
 * provider and region. Regions where the account already has an instance of the service are
 * shown disabled: one instance per cloud platform per region.
 */
export function CreateInstanceDialog({
  services,
  serviceId: initialServiceId,
  onClose,
}: TCreateInstanceDialogProps) {
  const { t } = useTranslation(['services', 'common']);
  const [serviceId, setServiceId] = useState(initialServiceId);
  const [chosenVersion, setVersion] = useState<number | undefined>();
  const [chosenCsp, setCsp] = useState<string | undefined>();
  const [chosenRegion, setRegion] = useState<number | undefined>();
  const versions = useServiceVersions(serviceId);
  const csps = useCsps();
  const regions = useServiceRegions(serviceId);
  const regionList = regions.data ?? [];
  const choices = cspChoices(csps.data ?? [], regionList);
  const versionId = chosenVersion ?? versions.data?.[0]?.id;
  const csp = chosenCsp ?? defaultCsp(choices);
  const regionId = chosenRegion ?? firstFreeRegion(regionList, csp);
  const ofCsp = regionOptions(regionList, csp);
  const create = useCreateInstance({
    onCreated: (instance) => {
      toast({
        level: 'success',
        title: t('done.created', { region: `${instance.cspName} / ${instance.regionName}` }),
      });
      onClose();
    },
  });
  const isLoading = versions.isPending || csps.isPending || regions.isPending;
  const canSubmit = versionId !== undefined && canOpenRegion(regionList, csp, regionId);

  return (
    <Modal
      open
      title={t('create.title')}
      okText={t('create.ok')}
      cancelText={t('cancel', { ns: 'common' })}
      okButtonProps={{ disabled: !canSubmit, loading: create.isPending, ...testId('create-instance-ok') }}
      onOk={() => {
        if (!canSubmit || versionId === undefined || regionId === undefined) return;
        create.mutate({ serviceId, versionId, regionId });
      }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" data-testid="create-instance-dialog">
        <Form.Item label={t('create.service')} required>
          <Select
            value={serviceId}
            options={services.map((s) => ({ value: s.id, label: s.name }))}
            onChange={(next: number) => {
              setServiceId(next);
              setVersion(undefined);
              setCsp(undefined);
              setRegion(undefined);
            }}
            placeholder={t('create.pick.service')}
            data-testid="create-instance-service"
          />
        </Form.Item>
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : (
          <>
            <Form.Item label={t('create.version')} required>
              <Radio.Group
                value={versionId}
                onChange={(e) => setVersion(e.target.value as number)}
                data-testid="create-instance-version"
              >
                <Space orientation="vertical">
                  {(versions.data ?? []).map((v) => (
                    <Radio key={v.id} value={v.id} data-testid={`create-version-${v.code}`}>
                      <span>{v.name}</span>
                      {v.trialDays !== null ? (
                        <Typography.Text type="secondary" className="cz-services__hint">
                          {t('trialDays', { days: v.trialDays })}
                        </Typography.Text>
                      ) : null}
                      {v.userLimit !== null ? (
                        <Typography.Text type="secondary" className="cz-services__hint">
                          {t('userLimit', { limit: v.userLimit })}
                        </Typography.Text>
                      ) : null}
                    </Radio>
                  ))}
                </Space>
              </Radio.Group>
            </Form.Item>
            <Form.Item label={t('create.csp')} required>
              <Radio.Group
                value={csp}
                optionType="button"
                onChange={(e) => {
                  setCsp(e.target.value as string);
                  setRegion(undefined);
                }}
                data-testid="create-instance-csp"
              >
                {choices.map((c) => (
                  <Radio.Button key={c.code} value={c.code} data-testid={`create-csp-${c.code}`}>
                    {c.name}
                  </Radio.Button>
                ))}
              </Radio.Group>
            </Form.Item>
            <Form.Item
              label={t('create.region')}
              required
              extra={
                ofCsp.length > 0 && ofCsp.every((r) => r.isTaken) ? (
                  <Alert type="info" showIcon title={t('create.allTaken')} data-testid="create-all-taken" />
                ) : ofCsp.length === 0 && csp ? (
                  <Alert type="info" showIcon title={t('create.noRegions')} />
                ) : null
              }
            >
              <Select
                value={regionId}
                placeholder={t('create.pick.region')}
                onChange={(next: number) => setRegion(next)}
                data-testid="create-instance-region"
                options={ofCsp.map((r) => ({
                  value: r.value,
                  disabled: r.disabled,
                  label: (
                    <span data-testid={`create-region-${r.code}`} data-taken={r.isTaken}>
                      {r.label}
                      {r.isTaken ? (
                        <Typography.Text type="secondary" className="cz-services__hint">
                          {t('create.regionTaken')}
                        </Typography.Text>
                      ) : null}
                    </span>
                  ),
                }))}
              />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
