/**
 * Enterprise verification (spec section 5): company name, unified social credit code (GB 32100),
 * legal person's name and ID number, bank account and bank, and the business licence (JPG, JPEG,
 * PNG or PDF, at most 10 MiB). The licence has one control, a button that opens the file dialog,
 * with the accepted types and the size limit under it. The answer comes at once: passed, failed or
 * manual review.
 */
import { UploadOutlined } from '@ant-design/icons';
import type { TCertification } from '@console/contract';
import { Alert, Button, Form, Input, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstFieldError } from '@/lib/api-client';
import { useCompanyVerify } from '../api/company-verify';
import { uploadBusinessLicense } from '../api/upload-business-license';
import { badRequestData, failureText } from '../lib/api-failure';
import {
  checkEnterprise,
  checkLicenseFile,
  fieldErrorsOf,
  LicenseAccept,
  LicenseMaxBytes,
  type TEnterpriseField,
  type TEnterpriseValues,
  type TFormErrors,
} from '../lib/verify-form';

const fields = [
  'companyName',
  'creditCode',
  'legalPersonName',
  'legalPersonId',
  'bankAccount',
  'bankName',
  'licenseFileId',
] as const satisfies readonly TEnterpriseField[];

const textFields: readonly {
  field: Exclude<TEnterpriseField, 'licenseFileId'>;
  label: 'companyName' | 'creditCode' | 'legalPersonName' | 'legalPersonId' | 'bankAccount' | 'bankName';
  max: number;
}[] = [
  { field: 'companyName', label: 'companyName', max: 100 },
  { field: 'creditCode', label: 'creditCode', max: 18 },
  { field: 'legalPersonName', label: 'legalPersonName', max: 50 },
  { field: 'legalPersonId', label: 'legalPersonId', max: 18 },
  { field: 'bankAccount', label: 'bankAccount', max: 40 },
  { field: 'bankName', label: 'bankName', max: 100 },
];

const empty: TEnterpriseValues = {
  companyName: '',
  creditCode: '',
  legalPersonName: '',
  legalPersonId: '',
  bankAccount: '',
  bankName: '',
  licenseFileId: '',
};

export function EnterpriseVerify({ onResult }: { onResult: (certification: TCertification) => void }) {
  const { t } = useTranslation(['certification', 'validation', 'common']);
  const [values, setValues] = useState<TEnterpriseValues>(empty);
  const [errors, setErrors] = useState<TFormErrors<TEnterpriseField>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const verify = useCompanyVerify();
  const fallback = () => ({
    networkError: t('networkError', { ns: 'common' }),
    requestFailed: t('requestFailed', { ns: 'common' }),
  });

  const change = (field: TEnterpriseField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) setErrors(checkEnterprise(next));
    setServerError(null);
  };

  const upload = async (file: File) => {
    const problem = checkLicenseFile(file);
    if (problem) {
      setUploadError(t(problem, { ns: 'validation' }));
      return;
    }
    setUploadError(null);
    setIsUploading(true);
    try {
      const uploaded = await uploadBusinessLicense(file);
      setFileName(uploaded.fileName);
      change('licenseFileId', uploaded.fileId);
    } catch (error) {
      setUploadError(firstFieldError(error) ?? failureText(error, fallback()));
    } finally {
      setIsUploading(false);
    }
  };

  const submit = () => {
    if (verify.isPending || isUploading) return;
    const found = checkEnterprise(values);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    verify.mutate(
      {
        ...values,
        companyName: values.companyName.trim(),
        creditCode: values.creditCode.trim().toUpperCase(),
        legalPersonName: values.legalPersonName.trim(),
        legalPersonId: values.legalPersonId.trim().toUpperCase(),
        bankName: values.bankName.trim(),
      },
      {
        onSuccess: onResult,
        onError: (error) => {
          const fieldErrors = fieldErrorsOf(badRequestData(error), fields);
          if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
          else setServerError(failureText(error, fallback()));
        },
      },
    );
  };

  const status = (field: TEnterpriseField) => (errors[field] ? ('error' as const) : undefined);
  const help = (field: TEnterpriseField) => {
    const key = errors[field];
    return key ? (
      <span data-testid={`certification-error-${field}`}>{t(key, { ns: 'validation' })}</span>
    ) : null;
  };

  return (
    <Form layout="vertical" className="cz-cert__form" onFinish={submit} data-testid="enterprise-form">
      {textFields.map(({ field, label, max }) => (
        <Form.Item
          key={field}
          label={t(`fields.${label}`)}
          htmlFor={`enterprise-${field}`}
          required
          validateStatus={status(field)}
          help={help(field)}
        >
          <Input
            id={`enterprise-${field}`}
            value={values[field]}
            onChange={(e) => change(field, e.target.value)}
            maxLength={max}
            autoComplete="off"
            data-testid={`enterprise-${field}`}
          />
        </Form.Item>
      ))}
      <Form.Item
        label={t('fields.license')}
        required
        validateStatus={status('licenseFileId') ?? (uploadError ? 'error' : undefined)}
        help={
          uploadError ? (
            <span data-testid="certification-upload-error">{uploadError}</span>
          ) : (
            help('licenseFileId')
          )
        }
        extra={
          <span data-testid="enterprise-license-hint">
            {t('fields.licenseHint', { size: LicenseMaxBytes / (1024 * 1024) })}
          </span>
        }
      >
        <div className="cz-cert__file">
          {/* One control: the button opens the file dialog; antd keeps its file input out of sight. */}
          <Upload
            accept={LicenseAccept}
            showUploadList={false}
            disabled={isUploading}
            beforeUpload={(file) => {
              void upload(file);
              return Upload.LIST_IGNORE;
            }}
            data-testid="enterprise-license-input"
          >
            <Button icon={<UploadOutlined />} loading={isUploading} data-testid="enterprise-license-button">
              {isUploading ? t('fields.uploading') : t('fields.chooseFile')}
            </Button>
          </Upload>
          {fileName ? (
            <Typography.Text type="success" data-testid="enterprise-license-name">
              {t('fields.uploaded', { name: fileName })}
            </Typography.Text>
          ) : null}
        </div>
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
      <Button
        type="primary"
        htmlType="submit"
        loading={verify.isPending}
        disabled={isUploading}
        data-testid="enterprise-submit"
      >
        {t('page.submit')}
      </Button>
    </Form>
  );
}
