/**
 * Phone and e-mail of the user dialogs (spec section 2 "Edit user dialog", section 5). When an
 * administrator edits another user, both are read-only labels until the administrator verifies
 * their own identity with a code (UPDATE_USER_INFO); then they become editable, and the save asks
 * the user to agree through a link. One's own phone and e-mail are changed in My profile. The
 * phone has the country list with the global-phone setting, else +86.
 */
import type { FormInstance } from 'antd';
import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TCheckResult } from '@/api/check-auth-code';
import { ConsolePhoneInput } from '@/components/phone-input/console-phone-input';
import { DefaultPhoneCode } from '@/components/phone-input/phone-rules';
import { getMeta } from '@/lib/meta';
import { testId } from '@/lib/test-id';
import type { TUserFormValues } from '../lib/user-form';
import { IdentityCheck } from './identity-check';

export type TContactMode = 'add' | 'editOther' | 'editSelf';

export function ContactFields(props: {
  form: FormInstance<TUserFormValues>;
  mode: TContactMode;
  /** The administrator's proof of identity, once verified (editOther). */
  identity: TCheckResult | null;
  onIdentity: (proof: TCheckResult) => void;
  isVerifying: boolean;
  onVerifying: (isOpen: boolean) => void;
  /** Spec section 5: phone required in the non-international editions, e-mail in the international. */
  required: { phone: boolean; email: boolean };
  onCheck: (field: 'phone' | 'email') => void;
}) {
  const { t } = useTranslation(['users', 'mfa', 'errors']);
  const { form, mode } = props;
  const isGlobal = getMeta().features.globalPhone;
  // `preserve`: the values are watched while no field holds them (the read-only labels).
  const phoneCode =
    (Form.useWatch('phoneCode', { form, preserve: true }) as string | undefined) || DefaultPhoneCode;
  const phone = Form.useWatch('phone', { form, preserve: true }) as string | undefined;
  const email = Form.useWatch('email', { form, preserve: true }) as string | undefined;
  const isLocked = mode === 'editSelf' || (mode === 'editOther' && props.identity === null);

  if (isLocked) {
    return (
      <>
        <Form.Item label={t('form.phone')}>
          <Typography.Text {...testId('user-phone-label')}>
            {phone ? `+${phoneCode} ${phone}` : t('dialogs.notSet')}
          </Typography.Text>
        </Form.Item>
        <Form.Item
          label={t('form.email')}
          extra={mode === 'editSelf' ? t('errors:ownContactInProfile') : undefined}
        >
          <Typography.Text {...testId('user-email-label')}>{email || t('dialogs.notSet')}</Typography.Text>
        </Form.Item>
        {mode === 'editOther' ? (
          <Form.Item extra={t('dialogs.contactLocked')}>
            <Button onClick={() => props.onVerifying(true)} {...testId('user-contact-unlock')}>
              {t('dialogs.changeContact')}
            </Button>
          </Form.Item>
        ) : null}
        {props.isVerifying ? (
          <IdentityCheck
            purpose="UPDATE_USER_INFO"
            description={t('dialogs.identityIntro')}
            onClose={() => props.onVerifying(false)}
            onVerified={(proof) => {
              props.onIdentity(proof);
              props.onVerifying(false);
            }}
          />
        ) : null}
      </>
    );
  }
  return (
    <>
      <Form.Item name="phoneCode" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="phone" label={t('form.phone')} required={props.required.phone}>
        <ConsolePhoneInput
          phoneCode={phoneCode}
          onPhoneCodeChange={(code) => form.setFieldValue('phoneCode', code)}
          isGlobal={isGlobal}
          onBlur={() => props.onCheck('phone')}
          searchPlaceholder={t('mfa:phone.search')}
          countryLabel={t('mfa:phone.countryCode')}
          testId="user-phone"
        />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('form.email')}
        required={props.required.email}
        extra={mode === 'editOther' ? t('dialogs.contactHint') : null}
      >
        <Input onBlur={() => props.onCheck('email')} {...testId('user-email')} />
      </Form.Item>
    </>
  );
}
