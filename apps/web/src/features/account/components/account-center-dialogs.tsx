/**
 * Dialogs of the account center for administrators: company name, registration phone (with a
 * code to the new number) and activation code.
 */
import { checkPhone } from '@console/contract/contact-rules';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkPhoneAuthCode } from '@/api/check-phone-auth-code';
import { DefaultPhoneCode } from '@/components/phone-input/phone-rules';
import { toast } from '@/lib/notifier';
import { testId } from '@/lib/test-id';
import { activateAccount } from '../api/activate-account';
import { useUpdateAccountInfo } from '../api/update-account-info';
import { updateRegistrationPhone } from '../api/update-registration-phone';
import { checkCompanyName } from '../lib/account-forms';
import { errorMessageOf } from '../lib/error-text';
import { CodeTargetField } from './code-target-field';
import { useCheckCaptcha } from './use-check-captcha';

export function CompanyDialog({ current, onClose }: { current: string | null; onClose: () => void }) {
  const { t } = useTranslation(['account', 'common']);
  const [value, setValue] = useState(current ?? '');
  const [isTouched, setIsTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useUpdateAccountInfo({
    onSaved: () => {
      toast({ level: 'success', title: t('center.saved') });
      onClose();
    },
  });
  const broken = checkCompanyName(value);
  const help =
    isTouched && broken
      ? t(`companyDialog.${broken.key === 'required' ? 'required' : 'tooLong'}`, { max: broken.max })
      : null;
  return (
    <Modal
      open
      title={t('companyDialog.title')}
      onCancel={onClose}
      okText={t('profile.save')}
      cancelText={t('profile.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={testId('company-save')}
      onOk={() => {
        setIsTouched(true);
        if (broken) return;
        save.mutate({ companyName: value.trim() }, { onError: (e) => setFailure(errorMessageOf(e)) });
      }}
    >
      <Form layout="vertical" data-testid="company-dialog">
        <Form.Item label={t('companyDialog.label')} validateStatus={help ? 'error' : ''} help={help}>
          <Input
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setIsTouched(true);
            }}
            data-testid="company-input"
          />
        </Form.Item>
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
      </Form>
    </Modal>
  );
}

export function RegistrationPhoneDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['account', 'validation']);
  const [phone, setPhone] = useState('');
  // Chosen from the country list with the global-phone setting only; else +86.
  const [phoneCode, setPhoneCode] = useState(DefaultPhoneCode);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const phoneProblem = checkPhone(phone.trim(), phoneCode);
  const gate = useCheckCaptcha();
  const submit = async () => {
    setIsSaving(true);
    try {
      const checked = await gate.run((captcha) =>
        checkPhoneAuthCode({ authMethod: 'EDIT_PHONE', phone: phone.trim(), phoneCode, code, captcha }),
      );
      await updateRegistrationPhone({ phone: phone.trim(), phoneCode }, checked.checkToken);
      toast({ level: 'success', title: t('phoneDialog.success') });
      onClose();
    } catch (e) {
      setError(errorMessageOf(e));
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('phoneDialog.title')}
      onCancel={onClose}
      okText={t('phoneDialog.submit')}
      cancelText={t('profile.cancel')}
      confirmLoading={isSaving}
      okButtonProps={{ disabled: phoneProblem !== null || code.length !== 6, ...testId('reg-phone-save') }}
      onOk={() => void submit()}
    >
      <p className="cz-account-dialog__intro">{t('phoneDialog.intro')}</p>
      <Form layout="vertical" data-testid="reg-phone-dialog">
        <CodeTargetField
          kind="phone"
          purpose="EDIT_PHONE"
          label={t('phoneDialog.newPhone')}
          codeLabel={t('phoneDialog.code')}
          value={phone}
          onChange={setPhone}
          phoneCode={phoneCode}
          onPhoneCodeChange={setPhoneCode}
          code={code}
          onCodeChange={setCode}
          targetError={phoneProblem ? t(`validation:${phoneProblem}`) : null}
          error={error}
          onError={setError}
          testId="reg-phone"
          checkCaptcha={gate.popover}
        />
      </Form>
    </Modal>
  );
}

export function ActivationDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['account']);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const submit = async () => {
    if (!code.trim()) {
      setError(t('activationDialog.required'));
      return;
    }
    setIsSaving(true);
    try {
      const result = await activateAccount(code.trim());
      toast({
        level: 'success',
        title:
          result.effect === 'formal'
            ? t('activationDialog.formal')
            : t('activationDialog.extended', { days: result.extendDays }),
      });
      onClose();
    } catch (e) {
      setError(errorMessageOf(e));
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('activationDialog.title')}
      onCancel={onClose}
      okText={t('activationDialog.submit')}
      cancelText={t('profile.cancel')}
      confirmLoading={isSaving}
      okButtonProps={testId('activation-submit')}
      onOk={() => void submit()}
    >
      <p className="cz-account-dialog__intro">{t('activationDialog.intro')}</p>
      <Form layout="vertical" data-testid="activation-dialog">
        <Form.Item
          label={t('activationDialog.label')}
          validateStatus={error ? 'error' : ''}
          help={error ?? undefined}
        >
          <Input.TextArea
            value={code}
            autoSize={{ minRows: 1, maxRows: 4 }}
            onChange={(e) => {
              setCode(e.target.value);
              setError(null);
            }}
            data-testid="activation-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
