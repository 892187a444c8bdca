/**
 * Streamed exports of bill details and monthly statements, as XLSX (exceljs' streaming writer) or
 * CSV (UTF-8 with a byte-order mark so that Excel reads it). Rows are read in keyset batches while
 * the client downloads, so a year of details takes bounded memory.
 */
import { once } from 'node:events';
import type { TBillingDetailRow, TExportFormat, TLanguage } from '@console/contract';
import enExport from '@console/phrases/en-us/billing-export';
import { interpolate } from '@console/phrases/server';
import zhExport from '@console/phrases/zh-cn/billing-export';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { TAuth, TDeps } from '../../../context';
import { currencyOf, type TCurrency } from '../money';
import { detailBatches } from './details.service';
import { requireStatement, statementLines } from './statements.service';

type TColumn = {
  key: keyof TBillingDetailRow | 'categoryName';
  header: string;
  width: number;
  isMoney?: boolean;
};

/**
 * The columns of an export. Money columns name the account's currency ("Cash payment (CNY)"), the
 * unit price its minor unit ("Unit price (fen)"): a spreadsheet leaves the console's signs behind.
 */
export function columnsOf(lang: TLanguage, withDay: boolean, currency: TCurrency): TColumn[] {
  const phrases = lang === 'zh-CN' ? zhExport : enExport;
  const named = (name: string, unit: string) => interpolate(phrases.withUnit, { name, unit });
  const c = {
    ...phrases.columns,
    unitPrice: named(phrases.columns.unitPrice, phrases.minorUnits[currency]),
    ...Object.fromEntries(moneyColumns.map((key) => [key, named(phrases.columns[key], currency)] as const)),
  } as typeof phrases.columns;
  return [
    ...(withDay ? [{ key: 'date' as const, header: c.date, width: 12 }] : []),
    { key: 'instanceName', header: c.instance, width: 12 },
    { key: 'serviceName', header: c.service, width: 14 },
    { key: 'regionName', header: c.region, width: 26 },
    ...(withDay ? [{ key: 'workspace' as const, header: c.workspace, width: 18 }] : []),
    { key: 'categoryName', header: c.category, width: 10 },
    { key: 'skuName', header: c.sku, width: 24 },
    { key: 'usage', header: c.usage, width: 14 },
    { key: 'unit', header: c.unit, width: 12 },
    { key: 'unitPrice', header: c.unitPrice, width: 12 },
    { key: 'originalAmount', header: c.originalAmount, width: 16, isMoney: true },
    { key: 'discountedAmount', header: c.discountedAmount, width: 16, isMoney: true },
    { key: 'payableAmount', header: c.payableAmount, width: 14, isMoney: true },
    { key: 'voucherDeduction', header: c.voucherDeduction, width: 14, isMoney: true },
    { key: 'outstandingAmount', header: c.outstandingAmount, width: 14, isMoney: true },
    { key: 'cashPayment', header: c.cashPayment, width: 14, isMoney: true },
    { key: 'discountRate', header: c.discountRate, width: 14 },
  ];
}

const moneyColumns = [
  'originalAmount',
  'discountedAmount',
  'payableAmount',
  'voucherDeduction',
  'outstandingAmount',
  'cashPayment',
] as const;

type TSink = { write(row: Record<string, unknown>): Promise<void>; end(): Promise<void> };

/** A cell: money stays a decimal text here (CSV); the XLSX sink turns money into numbers. */
function cellOf(lang: TLanguage, row: TBillingDetailRow, column: TColumn): unknown {
  if (column.key === 'categoryName') return (lang === 'zh-CN' ? zhExport : enExport).categories[row.category];
  return row[column.key as keyof TBillingDetailRow];
}

function openSink(
  reply: FastifyReply,
  format: TExportFormat,
  fileName: string,
  columns: TColumn[],
  sheet: string,
): TSink {
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type':
      format === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'content-disposition': `attachment; filename="${fileName}.${format}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  if (format === 'csv') {
    const csv = stringify({ bom: true, header: true, columns: columns.map((c) => c.header) });
    csv.pipe(reply.raw);
    return {
      write: async (row) => {
        if (!csv.write(columns.map((c) => row[c.key]))) await new Promise((r) => csv.once('drain', r));
      },
      end: async () => {
        await new Promise<void>((resolve) => {
          reply.raw.once('finish', resolve);
          csv.end();
        });
      },
    };
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: reply.raw,
    useSharedStrings: false,
    useStyles: true,
  });
  const worksheet = workbook.addWorksheet(sheet);
  worksheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    ...(c.isMoney ? { style: { numFmt: '0.00' } } : {}),
  }));
  worksheet.getRow(1).font = { bold: true };
  return {
    write: async (row) => {
      const values: Record<string, unknown> = {};
      for (const c of columns) values[c.key] = c.isMoney ? Number(row[c.key]) : row[c.key];
      worksheet.addRow(values).commit();
      // Wait for a slow download instead of building the file in memory ahead of it.
      if (reply.raw.writableNeedDrain && !reply.raw.destroyed) {
        await Promise.race([once(reply.raw, 'drain'), once(reply.raw, 'close')]);
      }
    },
    end: async () => {
      worksheet.commit();
      await workbook.commit();
    },
  };
}

function rowValues(lang: TLanguage, columns: TColumn[], row: TBillingDetailRow): Record<string, unknown> {
  return Object.fromEntries(columns.map((c) => [c.key, cellOf(lang, row, c)]));
}

export async function exportDetails(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  filter: Parameters<typeof detailBatches>[3] & { format: TExportFormat },
  reply: FastifyReply,
): Promise<void> {
  const batches = detailBatches(deps, auth, lang, filter);
  // The first batch is read before the answer starts: a refused filter is still a clean 400 or 403.
  const first = await batches.next();
  const columns = columnsOf(lang, true, currencyOf(deps.config.edition));
  const stamp = deps.clock.now().toISOString().slice(0, 10).replaceAll('-', '');
  const sink = openSink(
    reply,
    filter.format,
    `bill-details-${stamp}`,
    columns,
    (lang === 'zh-CN' ? zhExport : enExport).detailSheet,
  );
  try {
    if (!first.done) for (const row of first.value) await sink.write(rowValues(lang, columns, row));
    for await (const batch of batches) {
      if (reply.raw.destroyed) break;
      for (const row of batch) await sink.write(rowValues(lang, columns, row));
    }
  } finally {
    await sink.end();
  }
}

export async function exportStatement(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  input: { id: number; format: TExportFormat },
  reply: FastifyReply,
): Promise<void> {
  const statement = await requireStatement(deps, auth, input.id);
  const lines = await statementLines(deps, auth, lang, statement.month);
  const columns = columnsOf(lang, false, currencyOf(deps.config.edition));
  const phrases = lang === 'zh-CN' ? zhExport : enExport;
  const sink = openSink(reply, input.format, `statement-${statement.month}`, columns, phrases.statementSheet);
  try {
    for (const line of lines) {
      await sink.write(rowValues(lang, columns, { ...line, date: statement.month, workspace: '' }));
    }
  } finally {
    await sink.end();
  }
}
