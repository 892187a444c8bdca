/** Small parts the catalogue's tabs share: a row's offered state, and the removal dialog. */
import type { TPhrases } from '@console/phrases';
import { Alert, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangeModal } from './change-modal';

export function EnabledTag({ isEnabled }: { isEnabled: boolean }) {
  const { t } = useTranslation('opsCatalogue');
  return (
    <Tag color={isEnabled ? 'success' : 'default'}>
      {isEnabled ? t('catalogue.enabled') : t('catalogue.disabled')}
    </Tag>
  );
}

/** Removing a row: deleted when nothing uses it, else only no longer offered (as the import does). */
export function RemoveModal(props: {
  name: string;
  isUsed: boolean;
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('opsCatalogue');
  return (
    <ChangeModal<Record<string, never>>
      title={t('catalogue.removeTitle', { name: props.name })}
      okText={t('catalogue.remove')}
      isDanger
      initialValues={{}}
      testId="ops-cat-remove"
      onClose={props.onClose}
      onSubmit={(values) => props.onSubmit(values.reason)}
    >
      <Alert
        type={props.isUsed ? 'warning' : 'info'}
        showIcon
        title={props.isUsed ? t('catalogue.removeUsed') : t('catalogue.removeUnused')}
        style={{ marginBottom: 16 }}
      />
    </ChangeModal>
  );
}

type TFieldKey = keyof TPhrases['opsCatalogue']['catalogue']['fields'];

/** The label of a catalogue row's field, in the page's language. */
export function useFieldLabel(): (key: TFieldKey) => string {
  const { t } = useTranslation('opsCatalogue');
  return (key) => t(`catalogue.fields.${key}`);
}
