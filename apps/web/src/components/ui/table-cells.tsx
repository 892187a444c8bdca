/**
 * Cells and settings shared by the console's lists (users, bill details, monthly bill, funds,
 * services, Insight users): text that never wraps mid-word (identifiers, usernames, dates, phone
 * numbers, amounts), long free text kept on one line with an ellipsis and shown whole in a tooltip,
 * a name with its secondary text on the same line, amounts right-aligned in tabular figures, and
 * the table settings every list uses: it scrolls sideways inside its own box, says how many rows
 * there are and what an empty list means.
 */

import type { TLanguage } from '@console/contract/light-enums';
import { Empty, Tooltip } from 'antd';
import { type Key, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateAndTime } from '@/lib/format';
import { useMediaQuery } from '@/lib/use-media-query';
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
  /** The widest the text may be, in pixels (240 unless told); `'cell'`: as wide as its cell. */
  maxWidth?: number | 'cell';
  /** Drawn as secondary text (smaller, lighter). */
  isSecondary?: boolean;
};

/**
 * Free text (a display name, an e-mail address, a remark) on one line, cut with an ellipsis past
 * `maxWidth`; when cut, hovering shows the whole text in a tooltip. Empty text shows "-".
 * The tooltip is made when the pointer first reaches the text: a page of a list has hundreds of
 * cells, and a tooltip each would cost the first draw more than the rows themselves. It wraps an
 * inner box of the text, not the cell's own element: the element the pointer pressed stays in the
 * page when the tooltip comes, so a click whose press and release straddle that render still
 * reaches the row (a row that opens on a click, as the audit log's, would otherwise miss it).
 */
export function EllipsisText({ text, testId, maxWidth = 240, isSecondary = false }: TEllipsisProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const textRef = useRef<HTMLSpanElement>(null);
  const [isReached, setIsReached] = useState(false);
  const [isOpen, setOpen] = useState(false);
  if (!text) return <span data-testid={testId}>-</span>;
  const classes = [
    'cz-cell-ellipsis',
    maxWidth === 'cell' ? 'cz-cell-fill' : '',
    isSecondary ? 'cz-cell-secondary' : '',
  ];
  /** Whether the text is cut: its inner box once the tooltip is made, the cell before. */
  const isTextCut = () => isCut(textRef.current ?? ref.current);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering only prepares the tooltip of a text the cell already shows
    <span
      ref={ref}
      className={classes.filter(Boolean).join(' ')}
      style={maxWidth === 'cell' ? undefined : { maxWidth }}
      data-testid={testId}
      onMouseEnter={
        isReached
          ? undefined
          : () => {
              setOpen(isTextCut());
              setIsReached(true);
            }
      }
    >
      {isReached ? (
        <Tooltip title={text} open={isOpen} onOpenChange={(next) => setOpen(next && isTextCut())}>
          <span ref={textRef} className="cz-cell-ellipsis__text">
            {text}
          </span>
        </Tooltip>
      ) : (
        text
      )}
    </span>
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
 * A date-time in a list: the date over the time (in secondary text), each on one line, so that the
 * column is as narrow as a date. Empty: "-", or `empty` when given.
 */
export function DateTimeCell({
  value,
  empty = '-',
  testId,
  lang,
}: {
  value: string | null;
  empty?: string;
  testId?: string;
  /** The language to write it in; the page's when not given. */
  lang?: TLanguage;
}) {
  const parts = value ? formatDateAndTime(value, lang) : null;
  if (!value || !parts) return <span data-testid={testId}>{value ?? empty}</span>;
  return (
    <time className="cz-cell-stack" dateTime={value} data-testid={testId}>
      <span>{parts[0]}</span>
      <span className="cz-cell-secondary">{parts[1]}</span>
    </time>
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

/**
 * A list's columns for the screen: as declared (the first column fixed left, the actions fixed
 * right), except on a phone, where no column stays fixed: two fixed ends would leave the others a
 * sliver of the screen, so the whole table scrolls sideways instead.
 */
export function useScreenColumns(): <C extends { key?: Key; fixed?: unknown }>(columns: C[]) => C[] {
  const isPhone = useMediaQuery(phoneQuery);
  return (columns) =>
    isPhone ? columns.map((column) => ({ ...column, fixed: undefined }) as typeof column) : columns;
}

/** "12 in total" / "共 12 条", for a pagination's `showTotal`. */
export function useShowTotal(): (total: number) => string {
  const { t } = useTranslation('common');
  return (total) => t('table.total', { total });
}

/**
 * The settings of a list the server pages ten rows at a time (the funds' lists): it scrolls inside
 * itself, shows its loading, its empty state and its total, and has no page-size picker.
 */
export function usePagedTable({
  pageNo,
  onPage,
  total,
  isFetching,
  empty,
}: {
  pageNo: number;
  onPage: (pageNo: number) => void;
  total: number | undefined;
  isFetching: boolean;
  empty: ReactNode;
}) {
  const showTotal = useShowTotal();
  return {
    loading: isFetching,
    scroll: tableScroll,
    locale: { emptyText: <TableEmpty text={empty} /> },
    pagination: {
      current: pageNo,
      pageSize: 10,
      total: total ?? 0,
      showTotal,
      showSizeChanger: false,
      onChange: onPage,
    },
  };
}

/** A list's empty state: its own phrase ("No users yet"), or the generic one. */
export function TableEmpty({ text, testId }: { text?: ReactNode; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text ?? t('table.empty')} data-testid={testId} />
  );
}
