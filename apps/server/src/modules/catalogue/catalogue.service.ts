/**
 * The service catalogue, written by the `catalogue import` command (a whole file) and by the back
 * office's catalogue pages (one row at a time), under one set of rules (decision 0054): a change
 * of one row is applied to the current catalogue, the result is checked by the import's own
 * schema and rules, and written by the import's own writer in the same transaction, so a row the
 * import would refuse is refused here too, and a removed row still used is disabled, not deleted,
 * exactly as an import without it would do. The caller writes the audit entry in the transaction.
 */

import { ErrorCode } from '@console/contract/codes';
import type { TCatalogueRegion, TCatalogueService, TCatalogueVersion } from '@console/contract/ops';
import type { TDeps } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import {
  catalogueSkus,
  catalogueUsage,
  exportCatalogue,
  importCatalogue,
  lockCatalogue,
  type TImportSummary,
  UnknownSkuError,
} from './catalogue.repository';
import { parseCatalogue, type TCatalogue } from './catalogue.schema';

export type { TImportSummary } from './catalogue.repository';

/** The whole catalogue, as `catalogue export` prints it. */
export function readCatalogue(deps: TDeps): Promise<TCatalogue> {
  return exportCatalogue(deps.db);
}

/** The catalogue with what each price is for and which rows are still used (the pages show both). */
export async function readCatalogueForEditing(deps: TDeps) {
  const [catalogue, skus, usage] = await Promise.all([
    exportCatalogue(deps.db),
    catalogueSkus(deps.db),
    catalogueUsage(deps.db),
  ]);
  return { catalogue, skus, usage };
}

/**
 * Imports a whole catalogue file: the problems of a refused file (nothing changed), or what was
 * written. `audit` writes the entry in the import's transaction.
 */
export async function importCatalogueFile(
  deps: TDeps,
  input: unknown,
  audit: (tx: TDb, summary: TImportSummary) => Promise<void>,
): Promise<{ isValid: true; summary: TImportSummary } | { isValid: false; problems: string[] }> {
  const parsed = parseCatalogue(input);
  if (!parsed.isValid) return { isValid: false, problems: parsed.problems };
  const summary = await deps.db.transaction(async (tx) => {
    const done = await importCatalogue(tx, parsed.catalogue);
    await audit(tx, done);
    return done;
  });
  return { isValid: true, summary };
}

type TServiceInput = Omit<TCatalogueService, 'descriptionZh' | 'descriptionEn'> &
  Partial<Pick<TCatalogueService, 'descriptionZh' | 'descriptionEn'>>;

/** One row's change: created or updated with all its fields, removed by its key, or a price set. */
export type TCatalogueChange =
  | { kind: 'service'; act: 'create' | 'update'; row: TServiceInput }
  | { kind: 'service'; act: 'remove'; key: { id: number } }
  | { kind: 'version'; act: 'create' | 'update'; row: TCatalogueVersion }
  | { kind: 'version'; act: 'remove'; key: Pick<TCatalogueVersion, 'serviceId' | 'code'> }
  | { kind: 'region'; act: 'create' | 'update'; row: TCatalogueRegion }
  | { kind: 'region'; act: 'remove'; key: Pick<TCatalogueRegion, 'csp' | 'code'> }
  | { kind: 'price'; act: 'update'; row: { sku: string; unitPriceFen: string } };

export type TCatalogueKind = TCatalogueChange['kind'];

/** What happened to the row: written, or (a removal) deleted or only disabled because it is used. */
export type TCatalogueOutcome = 'written' | 'deleted' | 'disabled';

const listOf = {
  service: 'services',
  version: 'versions',
  region: 'regions',
  price: 'prices',
} as const satisfies Record<TCatalogueKind, keyof TCatalogue>;

/** The natural key of a row, as the import's summary names it. */
export function catalogueKeyOf(change: TCatalogueChange): string {
  const r = (change.act === 'remove' ? change.key : change.row) as Record<string, unknown>;
  switch (change.kind) {
    case 'service':
      return String(r.id);
    case 'version':
      return `${r.serviceId}/${r.code}`;
    case 'region':
      return `${r.csp}/${r.code}`;
    case 'price':
      return String(r.sku);
  }
}

function keyOfRow(kind: TCatalogueKind, r: Record<string, unknown>): string {
  if (kind === 'service') return String(r.id);
  if (kind === 'version') return `${r.serviceId}/${r.code}`;
  if (kind === 'region') return `${r.csp}/${r.code}`;
  return String(r.sku);
}

/** The import's summary names a service `id/code`; the others by their key. */
function summaryKey(kind: TCatalogueKind, key: string, before: Record<string, unknown> | undefined): string {
  return kind === 'service' ? `${key}/${String(before?.code ?? '')}` : key;
}

function refuse(issues: { rule: string; path: string; message: string }[]): never {
  const problems = issues.map((i) => `${i.path}: ${i.message}`);
  const data = { problems };
  if (issues.some((i) => i.rule === 'repeated')) throw new AppError(ErrorCode.opsCatalogueKeyTaken, { data });
  if (issues.some((i) => i.rule === 'reference'))
    throw new AppError(ErrorCode.opsCatalogueReferenceMissing, { data });
  throw new AppError(ErrorCode.opsCatalogueRefused, { data, params: { problems: problems.join('; ') } });
}

/**
 * Applies one row's change in a transaction with its audit entry (`audit`, given the row before
 * and after): 4371 a created row whose key exists (or an update taking another row's key), 4372
 * an updated or removed row that is not there, 4373 a reference to a missing service or provider,
 * 4370 anything else the import's rules refuse.
 */
export async function changeCatalogue(
  deps: TDeps,
  change: TCatalogueChange,
  audit: (
    tx: TDb,
    outcome: {
      key: string;
      outcome: TCatalogueOutcome;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    },
  ) => Promise<void>,
): Promise<{ key: string; outcome: TCatalogueOutcome }> {
  return deps.db.transaction(async (tx) => {
    await lockCatalogue(tx);
    const current = await exportCatalogue(tx);
    const listName = listOf[change.kind];
    const rows = [...((current[listName] ?? []) as Record<string, unknown>[])];
    const key = catalogueKeyOf(change);
    const index = rows.findIndex((r) => keyOfRow(change.kind, r) === key);
    const before = index >= 0 ? rows[index] : undefined;
    if (change.act === 'create' && before) throw new AppError(ErrorCode.opsCatalogueKeyTaken);
    if (change.act !== 'create' && !before) throw new AppError(ErrorCode.opsCatalogueRowNotFound);
    if (change.act === 'remove') rows.splice(index, 1);
    else if (change.act === 'create') rows.push(change.row);
    else rows[index] = change.row;
    const parsed = parseCatalogue({ ...current, [listName]: rows });
    if (!parsed.isValid) refuse(parsed.issues);
    let summary: TImportSummary;
    try {
      summary = await importCatalogue(tx, parsed.catalogue);
    } catch (error) {
      if (error instanceof UnknownSkuError) throw new AppError(ErrorCode.opsCatalogueRowNotFound);
      throw error;
    }
    let outcome: TCatalogueOutcome = 'written';
    if (change.act === 'remove') {
      const counts = summary[listName];
      const named = summaryKey(change.kind, key, before);
      outcome = counts?.disabled.includes(named) ? 'disabled' : 'deleted';
    }
    const written = parsed.catalogue[listName] as Record<string, unknown>[] | undefined;
    const after =
      change.act === 'remove' ? null : (written?.find((r) => keyOfRow(change.kind, r) === key) ?? null);
    await audit(tx, { key, outcome, before: before ?? null, after });
    return { key, outcome };
  });
}
