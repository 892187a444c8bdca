/**
 * Personal verification (spec section 5): name and resident ID number (GB 11643 checked here and
 * by the server); submitting starts a face session whose QR code the page shows next.
 */
import type { TFaceSession } from '@console/contract';
import { CertificationLimits } from '@console/contract/certification-rules';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePersonalVerify } from '../api/personal-verify';
import { badRequestData, failureText } from '../lib/api-failure';
import { checkPersonal, fieldErrorsOf, type TFormErrors, type TPersonalField } from '../lib/verify-form';

const fields = ['name', 'idNumber'] as const satisfies readonly TPersonalField[];

export function PersonalVerify({ onFaceSession }: { onFaceSession: (session: TFaceSession) => void }) {
  const { t } = useTranslation(['certification', 'validation', 'common']);
  const [values, setValues] = useState({ name: '', idNumber: '' });
  const [errors, setErrors] = useState<TFormErrors<TPersonalField>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const verify = usePersonalVerify();

  const change = (field: TPersonalField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) setErrors(checkPersonal(next));
    setServerError(null);
  };

  const submit = () => {
    if (verify.isPending) return;
    const found = checkPersonal(values);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    verify.mutate(
      { name: values.name.trim(), idNumber: values.idNumber.trim().toUpperCase() },
      {
        onSuccess: (data) => onFaceSession(data.face),
        onError: (error) => {
          const fieldErrors = fieldErrorsOf(badRequestData(error), fields);
          if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
          else
            setServerError(
              failureText(error, {
                networkError: t('networkError', { ns: 'common' }),
                requestFailed: t('requestFailed', { ns: 'common' }),
              }),
            );
        },
      },
    );
  };

  const status = (field: TPersonalField) => (errors[field] ? ('error' as const) : undefined);
  const help = (field: TPersonalField) => {
    const key = errors[field];
    return key ? (
      <span data-testid={`certification-error-${field}`}>{t(key, { ns: 'validation' })}</span>
    ) : null;
  };

  return (
    <Form layout="vertical" className="cz-cert__form" onFinish={submit} data-testid="personal-form">
      <Form.Item
        label={t('fields.name')}
        htmlFor="personal-name"
        required
        validateStatus={status('name')}
        help={help('name')}
      >
        <Input
          id="personal-name"
          value={values.name}
          onChange={(e) => change('name', e.target.value)}
          maxLength={CertificationLimits.personNameMax}
          autoComplete="name"
          data-testid="personal-name"
        />
      </Form.Item>
      <Form.Item
        label={t('fields.idNumber')}
        htmlFor="personal-id-number"
        required
        validateStatus={status('idNumber')}
        help={help('idNumber')}
      >
        <Input
          id="personal-id-number"
          value={values.idNumber}
          onChange={(e) => change('idNumber', e.target.value)}
          maxLength={CertificationLimits.residentIdLength}
          autoComplete="off"
          data-testid="personal-id-number"
        />
      </Form.Item>
      {serverError ? (
        <Alert
          type="error"
          showIcon
          title={serverError}
          className="cz-cert__gap"
          data-testid="certification-error"
        />
      ) : null}
      <Button type="primary" htmlType="submit" loading={verify.isPending} data-testid="personal-submit">
        {t('page.submit')}
      </Button>
    </Form>
  );
}
