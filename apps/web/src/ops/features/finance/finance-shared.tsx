/**
 * What the Finance tabs share: the queries' keys, money in and out (integer fen; shown with two
 * decimals and the currency), the reason field every act asks for, and a table that scrolls
 * inside its card on narrow windows.
 */
import { yuanToFen } from '@console/contract/billing-enums';
import { Empty, Form, Input, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { getLanguage } from '@/lib/language';
import { useKeyboardScroll } from '@/lib/use-keyboard-scroll';

export const financeKey = ['ops', 'finance'] as const;

export type TCurrency = 'CNY' | 'USD';

/** Signed money: + for a credit, − for a debit. */
export function signedFen(fen: number, direction: 'credit' | 'debit', currency: TCurrency): string {
  return `${direction === 'credit' ? '+' : '−'}${formatFen(fen, currency)}`;
}

/**
 * Integer fen as money with two decimals and the currency's sign, in the page's language:
 * "¥10,000.01", "$12.50" (as the customers' pages show it, never "CN¥").
 */
export function formatFen(fen: number, currency: TCurrency): string {
  return new Intl.NumberFormat(getLanguage(), {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(fen / 100);
}

/** The fen of an amount typed in yuan ("12.5" → 1250); null when it is not one (or not > 0). */
export function fenOfInput(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const fen = yuanToFen(String(value));
  return fen !== null && fen > 0 ? fen : null;
}

/** The reason of an act: required, at most 500 characters (as the contract's `ZOpsReason`). */
export function ReasonField({
  name = 'reason',
  label,
  testId,
}: {
  name?: string;
  label?: string;
  testId: string;
}) {
  const { t } = useTranslation('opsFinance');
  return (
    <Form.Item
      name={name}
      label={label ?? t('common.reason')}
      rules={[{ required: true, whitespace: true, message: t('common.reasonRequired') }]}
    >
      <Input.TextArea
        rows={2}
        maxLength={500}
        showCount
        placeholder={t('common.reasonPlaceholder')}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** An identifier that never wraps mid-word (codes, serial numbers, account names). */
export function Ident({ children }: { children: string | null | undefined }) {
  return <span className="cz-ops-finance-ident">{children ?? '—'}</span>;
}

/**
 * A table that scrolls sideways inside its card when the window is narrower than its columns; the
 * scroller is a named region keyboard users can focus and scroll (`label`).
 */
export function FinanceTable<T extends object>({
  label,
  empty,
  ...props
}: TableProps<T> & { label: string; empty?: string }) {
  const { t } = useTranslation('opsFinance');
  const scroller = useKeyboardScroll(label);
  return (
    <div ref={scroller}>
      <Table<T>
        size="middle"
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty ?? t('common.empty')} />,
        }}
        {...props}
      />
    </div>
  );
}
