/**
 * The "Upgrade to enterprise edition" modal (spec section 2 "Modals"; form rules of section 5):
 * filled in with what the console knows (the user's name and e-mail, the account's company) until
 * the user changes a field, and pointing to real-name verification, the other way to formal.
 */
import { Limits } from '@console/contract/limits';
import { Alert, Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccountDetail } from '@/api/get-account-detail';
import { useCurrentUser } from '@/api/get-current-user';
import { paths } from '@/config/paths';
import { toast } from '@/lib/notifier';
import { testId } from '@/lib/test-id';
import { submitFormalApplication } from '../api/submit-formal-application';
import { checkUpgradeForm, type TUpgradeForm } from '../lib/account-forms';
import { errorMessageOf } from '../lib/error-text';
import '../account.css';

export type TUpgradeDialogProps = { onClose: () => void };

const services = [1, 2, 3] as const;

export function UpgradeDialog({ onClose }: TUpgradeDialogProps) {
  const { t } = useTranslation(['account']);
  const user = useCurrentUser().data;
  const account = useAccountDetail().data;
  // What the console knows fills each field until the user changes it (also when it arrives
  // after the dialog opened).
  const [edits, setEdits] = useState<Partial<TUpgradeForm>>({});
  const form: TUpgradeForm = {
    username: edits.username ?? user?.displayName ?? '',
    company: edits.company ?? account?.accountVo.companyName ?? '',
    email: edits.email ?? user?.email ?? '',
    agreement: edits.agreement ?? false,
  };
  const [openService, setOpenService] = useState<(1 | 2 | 3)[]>([]);
  const [isTouched, setIsTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const errors = checkUpgradeForm(form);
  const help = (field: keyof TUpgradeForm) => {
    const broken = isTouched ? errors[field] : undefined;
    return broken
      ? t(`upgradeDialog.${broken.key}` as 'upgradeDialog.tooLong', { max: broken.max })
      : undefined;
  };
  const set = (patch: Partial<TUpgradeForm>) => setEdits((e) => ({ ...e, ...patch }));
  const submit = async () => {
    setIsTouched(true);
    if (Object.keys(errors).length > 0) return;
    setIsSaving(true);
    try {
      await submitFormalApplication({
        username: form.username.trim(),
        company: form.company.trim(),
        email: form.email.trim(),
        agreement: true,
        openService,
      });
      toast({ level: 'success', title: t('upgradeDialog.success') });
      onClose();
    } catch (e) {
      setFailure(errorMessageOf(e));
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('upgradeDialog.title')}
      onCancel={onClose}
      okText={t('upgradeDialog.submit')}
      cancelText={t('profile.cancel')}
      confirmLoading={isSaving}
      okButtonProps={testId('upgrade-submit')}
      onOk={() => void submit()}
    >
      <p className="cz-account-dialog__intro">{t('upgradeDialog.intro')}</p>
      <Alert
        type="info"
        showIcon
        className="cz-account-dialog__alternative"
        data-testid="upgrade-verify-instead"
        title={
          <>
            {t('upgradeDialog.verifyInstead')}{' '}
            <Link to={paths.authentication} onClick={onClose} data-testid="upgrade-verify-link">
              {t('upgradeDialog.verifyLink')}
            </Link>
          </>
        }
      />
      <Form layout="vertical" data-testid="upgrade-dialog">
        <Form.Item
          label={t('upgradeDialog.name')}
          required
          validateStatus={help('username') ? 'error' : ''}
          help={help('username')}
        >
          <Input
            value={form.username}
            maxLength={Limits.upgradeNameMax + 1}
            onChange={(e) => set({ username: e.target.value })}
            data-testid="upgrade-name"
          />
        </Form.Item>
        <Form.Item
          label={t('upgradeDialog.company')}
          required
          validateStatus={help('company') ? 'error' : ''}
          help={help('company')}
        >
          <Input
            value={form.company}
            onChange={(e) => set({ company: e.target.value })}
            data-testid="upgrade-company"
          />
        </Form.Item>
        <Form.Item
          label={t('upgradeDialog.email')}
          required
          validateStatus={help('email') ? 'error' : ''}
          help={help('email')}
        >
          <Input
            value={form.email}
            onChange={(e) => set({ email: e.target.value })}
            data-testid="upgrade-email"
          />
        </Form.Item>
        <Form.Item label={t('upgradeDialog.services')}>
          <Checkbox.Group
            value={openService}
            onChange={(v) => setOpenService(v as (1 | 2 | 3)[])}
            options={services.map((s) => ({ value: s, label: t(`upgradeDialog.service${s}`) }))}
          />
        </Form.Item>
        <Form.Item validateStatus={help('agreement') ? 'error' : ''} help={help('agreement')}>
          <Checkbox
            checked={form.agreement}
            onChange={(e) => set({ agreement: e.target.checked })}
            data-testid="upgrade-agreement"
          >
            {t('upgradeDialog.agreement')}
          </Checkbox>
        </Form.Item>
        {failure ? <Alert type="error" showIcon title={failure} data-testid="upgrade-failure" /> : null}
      </Form>
    </Modal>
  );
}

export default UpgradeDialog;
