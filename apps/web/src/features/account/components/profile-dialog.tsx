/**
 * My profile (from the user popover, or the `phone_edit` / `email_edit` query flags): display name,
 * phone and e-mail of the signed-in user. Phone and e-mail are read-only until the identity check
 * by a code sent to the current phone or e-mail passes; the new phone or e-mail then gets a code
 * of its own, and the save carries both proofs.
 */
import { checkEmail, checkPhone } from '@console/contract/contact-rules';
import { Button, Descriptions, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkAuthCode, type TCheckResult } from '@/api/check-auth-code';
import { checkPhoneAuthCode } from '@/api/check-phone-auth-code';
import { useCurrentUser } from '@/api/get-current-user';
import { DefaultPhoneCode } from '@/components/phone-input/phone-rules';
import { VerificationDialog } from '@/components/verification-dialog/verification-dialog';
import { getMeta } from '@/lib/meta';
import { toast } from '@/lib/notifier';
import { testId } from '@/lib/test-id';
import { updateProfile } from '../api/update-profile';
import { checkDisplayName } from '../lib/account-forms';
import { errorMessageOf } from '../lib/error-text';
import { CodeTargetField } from './code-target-field';
import { useCheckCaptcha } from './use-check-captcha';

export type TProfileDialogProps = {
  /** Opens the phone or e-mail change at once (query flags). */
  initialEdit?: 'phone' | 'email' | null;
  onClose: () => void;
};

type TStep = { kind: 'phone' | 'email'; identity: TCheckResult | null } | null;

function ContactDialog({
  kind,
  identity,
  currentPhoneCode,
  onClose,
}: {
  kind: 'phone' | 'email';
  identity: TCheckResult | null;
  /** The country code of the current phone: the new one starts there with the country list. */
  currentPhoneCode: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['account', 'validation']);
  const [value, setValue] = useState('');
  // Without the global-phone setting the code stays +86 (the list is not offered).
  const [phoneCode, setPhoneCode] = useState(
    getMeta().features.globalPhone ? currentPhoneCode || DefaultPhoneCode : DefaultPhoneCode,
  );
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const target = value.trim();
  const problem = kind === 'phone' ? checkPhone(target, phoneCode) : checkEmail(target);
  const gate = useCheckCaptcha();
  const submit = async () => {
    setIsSaving(true);
    try {
      if (kind === 'phone') {
        const checked = await gate.run((captcha) =>
          checkPhoneAuthCode({ authMethod: 'EDIT_PHONE', phone: target, phoneCode, code, captcha }),
        );
        await updateProfile({ phone: target, phoneCode, phoneCheckToken: checked.checkToken }, identity);
      } else {
        const checked = await gate.run((captcha) =>
          checkAuthCode({ authMethod: 'EDIT_EMAIL', authCodeType: 'EMAIL', email: target, code, captcha }),
        );
        await updateProfile({ email: target, emailCheckToken: checked.checkToken }, identity);
      }
      toast({
        level: 'success',
        title: t(kind === 'phone' ? 'profile.phoneChanged' : 'profile.emailChanged'),
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
      title={t(kind === 'phone' ? 'profile.editPhone' : 'profile.editEmail')}
      onCancel={onClose}
      okText={t('profile.save')}
      cancelText={t('profile.cancel')}
      confirmLoading={isSaving}
      okButtonProps={{ disabled: problem !== null || code.length !== 6, ...testId('contact-save') }}
      onOk={() => void submit()}
    >
      <Form layout="vertical" data-testid={`profile-${kind}-dialog`}>
        <CodeTargetField
          kind={kind}
          purpose={kind === 'phone' ? 'EDIT_PHONE' : 'EDIT_EMAIL'}
          label={t(kind === 'phone' ? 'profile.newPhone' : 'profile.newEmail')}
          codeLabel={t('profile.code')}
          value={value}
          onChange={setValue}
          phoneCode={phoneCode}
          onPhoneCodeChange={setPhoneCode}
          code={code}
          onCodeChange={setCode}
          targetError={problem ? t(`validation:${problem}`) : null}
          error={error}
          onError={setError}
          testId={`profile-${kind}`}
          checkCaptcha={gate.popover}
        />
      </Form>
    </Modal>
  );
}

export default function ProfileDialog({ initialEdit = null, onClose }: TProfileDialogProps) {
  const { t } = useTranslation(['account']);
  const user = useCurrentUser().data;
  const hasContact = Boolean(user?.phone || user?.email);
  const [verifying, setVerifying] = useState<'phone' | 'email' | null>(hasContact ? initialEdit : null);
  const [step, setStep] = useState<TStep>(
    !hasContact && initialEdit ? { kind: initialEdit, identity: null } : null,
  );
  const [name, setName] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  if (!user) return null;

  const startEdit = (kind: 'phone' | 'email') => {
    if (hasContact) setVerifying(kind);
    else setStep({ kind, identity: null });
  };
  const saveName = async () => {
    if (name === null) return;
    const broken = checkDisplayName(name);
    if (broken) {
      setNameError(t(`profile.${broken.key}` as 'profile.tooLong', { max: broken.max }));
      return;
    }
    setIsSaving(true);
    try {
      await updateProfile({ displayName: name.trim() });
      toast({ level: 'success', title: t('profile.saved') });
      setName(null);
    } catch (e) {
      setNameError(errorMessageOf(e));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <>
      <Modal open title={t('profile.title')} onCancel={onClose} footer={null} data-testid="profile-dialog">
        <Descriptions
          column={1}
          size="small"
          colon={false}
          styles={{ label: { width: 110 } }}
          items={[
            {
              key: 'username',
              label: t('profile.username'),
              children: <span data-testid="profile-username">{user.name}</span>,
            },
            {
              key: 'displayName',
              label: t('profile.displayName'),
              children:
                name === null ? (
                  <span className="cz-account-profile__value">
                    <span data-testid="profile-display-name">{user.displayName || user.name}</span>
                    <Button
                      type="link"
                      size="small"
                      onClick={() => setName(user.displayName)}
                      data-testid="profile-edit-name"
                    >
                      {t('profile.edit')}
                    </Button>
                  </span>
                ) : (
                  <Form.Item
                    validateStatus={nameError ? 'error' : ''}
                    help={nameError ?? undefined}
                    style={{ marginBottom: 0 }}
                  >
                    <Input
                      value={name}
                      onChange={(e) => {
                        setName(e.target.value);
                        setNameError(null);
                      }}
                      onPressEnter={() => void saveName()}
                      data-testid="profile-name-input"
                      suffix={
                        <Button
                          type="link"
                          size="small"
                          loading={isSaving}
                          onClick={() => void saveName()}
                          data-testid="profile-save-name"
                        >
                          {t('profile.save')}
                        </Button>
                      }
                    />
                  </Form.Item>
                ),
            },
            {
              key: 'phone',
              label: t('profile.phone'),
              children: (
                <span className="cz-account-profile__value">
                  <span data-testid="profile-phone">
                    {user.phone ? `+${user.phoneCode} ${user.phone}` : t('profile.notSet')}
                  </span>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => startEdit('phone')}
                    data-testid="profile-edit-phone"
                  >
                    {t('profile.edit')}
                  </Button>
                </span>
              ),
            },
            {
              key: 'email',
              label: t('profile.email'),
              children: (
                <span className="cz-account-profile__value">
                  <span data-testid="profile-email">{user.email ?? t('profile.notSet')}</span>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => startEdit('email')}
                    data-testid="profile-edit-email"
                  >
                    {t('profile.edit')}
                  </Button>
                </span>
              ),
            },
          ]}
        />
      </Modal>
      {verifying ? (
        <VerificationDialog
          isOpen
          purpose="UPDATE_USER_INFO"
          title={t('profile.verifyTitle')}
          description={t('profile.verifyIntro')}
          onClose={() => setVerifying(null)}
          onVerified={(identity) => {
            setStep({ kind: verifying, identity });
            setVerifying(null);
          }}
        />
      ) : null}
      {step ? (
        <ContactDialog
          kind={step.kind}
          identity={step.identity}
          currentPhoneCode={user.phoneCode}
          onClose={() => setStep(null)}
        />
      ) : null}
    </>
  );
}
