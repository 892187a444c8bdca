import { UploadOutlined } from '@ant-design/icons';
import { ErrorCode } from '@console/contract/codes';
import { Alert, Button, Card, Descriptions, Form, Input, Skeleton, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstFieldError } from '@/lib/api-client';
import { asApiError, errorCodeOf } from '@/lib/code-errors';
import { toast } from '@/lib/notifier';
import { useRemittanceInfo } from '../api/get-remittance-info';
import { useSubmitRemittance } from '../api/submit-remittance';
import { type TUploadedFile, uploadCertificate } from '../api/upload-certificate';
import { currencySymbols } from '../lib/money';
import { amountParam, certificateAccept, checkCertificate, checkTopUpAmount } from '../lib/top-up-rules';
import { useCurrency } from './money';
import { RemittancesTable } from './remittances-table';

type TErrors = Partial<Record<'amount' | 'payerName' | 'file', string>>;

/**
 * Top-up by bank transfer: the bank details to pay to (with copy buttons), then the transfer's
 * amount, payer name and account, and its certificate (JPG, JPEG, PNG or PDF, at most 10 MiB);
 * submitted transfers wait for the platform's review.
 */
export function RemittanceTopUp() {
  const { t } = useTranslation(['billing', 'validation', 'common']);
  const currency = useCurrency();
  const info = useRemittanceInfo();
  const isNotConfigured = info.isError && errorCodeOf(info.error) === ErrorCode.remittanceNotConfigured;
  const [amount, setAmount] = useState('');
  const [payerName, setPayerName] = useState('');
  const [payerAccount, setPayerAccount] = useState('');
  const [file, setFile] = useState<TUploadedFile | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const [errors, setErrors] = useState<TErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const submit = useSubmitRemittance({
    onDone: () => {
      toast({ level: 'success', title: t('topUp.remittance.submitted') });
      setAmount('');
      setPayerName('');
      setPayerAccount('');
      setFile(null);
    },
  });

  const copyable = (text: string) => ({
    text,
    tooltips: [t('copy', { ns: 'common' }), t('copied', { ns: 'common' })],
  });

  const upload = async (chosen: File) => {
    const problem = checkCertificate(chosen);
    if (problem) {
      setErrors((e) => ({ ...e, file: t(problem, { ns: 'validation' }) }));
      return;
    }
    setIsUploading(true);
    setErrors((e) => ({ ...e, file: undefined }));
    try {
      setFile(await uploadCertificate(chosen));
    } catch (error) {
      const api = asApiError(error);
      const isOffline = api?.kind === 'network' || api?.kind === 'timeout';
      setErrors((e) => ({
        ...e,
        file:
          firstFieldError(error) ??
          (isOffline
            ? t('networkError', { ns: 'common' })
            : api?.message || t('requestFailed', { ns: 'common' })),
      }));
    } finally {
      setIsUploading(false);
    }
  };

  const send = () => {
    const found: TErrors = {};
    const amountError = checkTopUpAmount(amount, 'remittance');
    if (amountError) found.amount = t(amountError, { ns: 'validation' });
    if (!payerName.trim()) found.payerName = t('topUp.remittance.payerRequired');
    if (!file) found.file = t('topUp.remittance.certificateRequired');
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0 || !file) return;
    submit.mutate(
      {
        amount: amountParam(amount),
        payerName: payerName.trim(),
        ...(payerAccount.trim() ? { payerAccount: payerAccount.trim() } : {}),
        fileId: file.fileId,
      },
      {
        onError: (error) => {
          const api = asApiError(error);
          const fieldErrors =
            (api?.data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors ?? {};
          const next: TErrors = {};
          for (const [path, message] of Object.entries(fieldErrors)) {
            if (path === 'amount' || path === 'payerName') next[path] = message;
            else if (path === 'fileId') next.file = message;
          }
          setErrors(next);
          if (Object.keys(next).length === 0)
            setServerError(api?.message || t('requestFailed', { ns: 'common' }));
        },
      },
    );
  };

  const status = (field: keyof TErrors) =>
    errors[field] ? { validateStatus: 'error' as const, help: errors[field] } : {};

  return (
    <Space orientation="vertical" size={16} className="cz-billing__full" data-testid="top-up-remittance">
      <Typography.Paragraph type="secondary">{t('topUp.remittance.intro')}</Typography.Paragraph>
      <Card size="small" title={t('topUp.remittance.bank')}>
        {info.data ? (
          <Descriptions column={1} size="small" data-testid="remittance-info">
            <Descriptions.Item label={t('topUp.remittance.accountName')}>
              <Typography.Text copyable={copyable(info.data.accountName)}>
                {info.data.accountName}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('topUp.remittance.bankName')}>
              <Typography.Text copyable={copyable(info.data.bankName)}>{info.data.bankName}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('topUp.remittance.bankAccount')}>
              <Typography.Text
                copyable={copyable(info.data.bankAccount)}
                data-testid="remittance-bank-account"
              >
                {info.data.bankAccount}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('topUp.remittance.remark')}>
              <Space orientation="vertical" size={0}>
                <Typography.Text copyable={copyable(info.data.remark)} strong>
                  {info.data.remark}
                </Typography.Text>
                <Typography.Text type="secondary" className="cz-billing__small">
                  {t('topUp.remittance.remarkHint')}
                </Typography.Text>
              </Space>
            </Descriptions.Item>
          </Descriptions>
        ) : info.isError ? (
          <Alert
            type={isNotConfigured ? 'info' : 'error'}
            showIcon
            title={asApiError(info.error)?.message || t('loadFailed')}
            data-testid="remittance-info-failed"
          />
        ) : (
          <Skeleton active paragraph={{ rows: 3 }} />
        )}
      </Card>
      {/* The form and the list come once the bank details have answered: they would otherwise
          move when the details replaced the skeleton (a layout shift), or go if the transfer is
          not configured. */}
      {info.isPending || isNotConfigured ? null : (
        <Form layout="vertical" className="cz-billing__top-up-form" onFinish={send}>
          <Form.Item label={t('topUp.remittance.amount')} required {...status('amount')}>
            <Input
              style={{ maxWidth: 280 }}
              inputMode="decimal"
              prefix={currencySymbols[currency]}
              placeholder={t('topUp.amountPlaceholder', { currency })}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              data-testid="remittance-amount"
            />
          </Form.Item>
          <Form.Item label={t('topUp.remittance.payerName')} required {...status('payerName')}>
            <Input
              maxLength={255}
              placeholder={t('topUp.remittance.payerNamePlaceholder')}
              value={payerName}
              onChange={(e) => setPayerName(e.target.value)}
              data-testid="remittance-payer-name"
            />
          </Form.Item>
          <Form.Item label={t('topUp.remittance.payerAccount')}>
            <Input
              maxLength={64}
              placeholder={t('topUp.remittance.payerAccountPlaceholder')}
              value={payerAccount}
              onChange={(e) => setPayerAccount(e.target.value)}
              data-testid="remittance-payer-account"
            />
          </Form.Item>
          <Form.Item
            label={t('topUp.remittance.certificate')}
            required
            extra={t('topUp.remittance.certificateHint')}
            {...status('file')}
          >
            <Space wrap>
              <Upload
                accept={certificateAccept}
                showUploadList={false}
                beforeUpload={(chosen) => {
                  void upload(chosen);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={isUploading} data-testid="remittance-upload">
                  {isUploading ? t('topUp.remittance.uploading') : t('topUp.remittance.upload')}
                </Button>
              </Upload>
              {file ? (
                <Typography.Text type="success" data-testid="remittance-uploaded">
                  {t('topUp.remittance.uploaded', { name: file.fileName })}
                </Typography.Text>
              ) : null}
            </Space>
          </Form.Item>
          {serverError ? (
            <Alert type="error" showIcon title={serverError} className="cz-billing__gap" />
          ) : null}
          <Button type="primary" htmlType="submit" loading={submit.isPending} data-testid="remittance-submit">
            {t('topUp.remittance.submit')}
          </Button>
        </Form>
      )}
      {info.isPending ? null : (
        <Card size="small" title={t('topUp.remittance.list')}>
          <RemittancesTable />
        </Card>
      )}
    </Space>
  );
}
