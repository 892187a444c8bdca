/**
 * Cells and settings shared by the console's lists (users, bill details, monthly bill, funds,
 * services, Insight users): text that never wraps mid-word (identifiers, usernames, dates, phone
 * numbers, amounts), long free text kept on one line with an ellipsis and shown whole in a tooltip,
 * a name with its secondary text on the same line, amounts right-aligned in tabular figures, and
 * the table settings every list uses: it scrolls sideways inside its own box, says how many rows
 * there are and what an empty list means.
 */
import { Empty, Tooltip } from 'antd';
import { type Key, type ReactNode, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import './table-cells.css';

type TCellProps = { children: ReactNode; testId?: string };

/** Text kept on one line: an identifier, a username, a date, a phone number. */
export function NoWrap({ children, testId }: TCellProps) {
  return (
    <span className="cz-cell-nowrap" data-testid={testId}>
      {children}
    </span>
  );
}

/** Whether an element's text is cut (wider than its box). */
function isCut(element: HTMLElement | null): boolean {
  return element !== null && element.scrollWidth > element.clientWidth;
}

type TEllipsisProps = {
  text: string | null | undefined;
  testId?: string;
  /** The widest the text may be, in pixels (240 unless told). */
  maxWidth?: number;
  /** Drawn as secondary text (smaller, lighter). */
  isSecondary?: boolean;
};

/**
 * Free text (a display name, an e-mail address, a remark) on one line, cut with an ellipsis past
 * `maxWidth`; when cut, hovering shows the whole text in a tooltip. Empty text shows "-".
 */
export function EllipsisText({ text, testId, maxWidth = 240, isSecondary = false }: TEllipsisProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const [isOpen, setOpen] = useState(false);
  if (!text) return <span data-testid={testId}>-</span>;
  return (
    <Tooltip title={text} open={isOpen} onOpenChange={(next) => setOpen(next && isCut(ref.current))}>
      <span
        ref={ref}
        className={isSecondary ? 'cz-cell-ellipsis cz-cell-secondary' : 'cz-cell-ellipsis'}
        style={{ maxWidth }}
        data-testid={testId}
      >
        {text}
      </span>
    </Tooltip>
  );
}

/** A name and its secondary text on one line: "lhqufb3x · China East 2 (Shanghai)". */
export function InlinePair({
  primary,
  secondary,
  testId,
}: {
  primary: ReactNode;
  secondary?: ReactNode;
  testId?: string;
}) {
  return (
    <span className="cz-cell-nowrap" data-testid={testId}>
      {primary}
      {secondary ? <span className="cz-cell-secondary"> · {secondary}</span> : null}
    </span>
  );
}

/**
 * A name over its secondary text (a username over the display name), each kept on its own line
 * and cut with an ellipsis when too long. `testId` marks the name.
 */
export function NameCell({
  name,
  secondary,
  testId,
  maxWidth = 220,
}: {
  name: string;
  secondary?: string | null;
  testId?: string;
  maxWidth?: number;
}) {
  return (
    <span className="cz-cell-stack">
      <EllipsisText text={name} testId={testId} maxWidth={maxWidth} />
      {secondary ? <EllipsisText text={secondary} maxWidth={maxWidth} isSecondary /> : null}
    </span>
  );
}

/** A column of amounts: right-aligned, tabular figures, never wrapped. */
export const amountColumn = { align: 'right', className: 'cz-cell-amount' } as const;

/** A column whose cells keep each line whole (dates, identifiers, tags, short names). */
export const nowrapColumn = { className: 'cz-cell-nowrap' } as const;

/**
 * A list's horizontal scroll: the table is as wide as its content and scrolls sideways inside its
 * own box, so the page never does (with the first column fixed left and the actions right).
 */
export const tableScroll = { x: 'max-content' } as const;

/** A phone's width (antd's `xs`, below 576 px). */
export const phoneQuery = '(max-width: 575.98px)';

function phoneMedia(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(phoneQuery)
    : null;
}

function subscribePhone(onChange: () => void): () => void {
  const list = phoneMedia();
  if (!list) return () => {};
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/**
 * A list's columns for the screen: as declared (the first column fixed left, the actions fixed
 * right), except on a phone, where no column stays fixed: two fixed ends would leave the others a
 * sliver of the screen, so the whole table scrolls sideways instead.
 */
export function useScreenColumns(): <C extends { key?: Key; fixed?: unknown }>(columns: C[]) => C[] {
  const isPhone = useSyncExternalStore(
    subscribePhone,
    () => phoneMedia()?.matches ?? false,
    () => false,
  );
  return (columns) =>
    isPhone ? columns.map((column) => ({ ...column, fixed: undefined }) as typeof column) : columns;
}

/** "12 in total" / "共 12 条", for a pagination's `showTotal`. */
export function useShowTotal(): (total: number) => string {
  const { t } = useTranslation('common');
  return (total) => t('table.total', { total });
}

/** A list's empty state: its own phrase ("No users yet"), or the generic one. */
export function TableEmpty({ text, testId }: { text?: ReactNode; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text ?? t('table.empty')} data-testid={testId} />
  );
}
