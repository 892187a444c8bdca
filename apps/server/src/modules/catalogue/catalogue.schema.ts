/**
 * The file the `catalogue export` command writes and `catalogue import` reads: the whole service
 * catalogue (services, their versions, cloud providers, regions with the services they offer,
 * Insight roles, the SKUs' list prices). Its rules live in the contract
 * (`packages/contract/src/ops/catalogue-file.ts`): the back office's catalogue pages apply the
 * same ones to each change.
 */
import { type TCatalogue, type TCatalogueRule, ZCatalogue } from '@console/contract/ops';

export {
  type TCatalogue,
  ZCatalogue,
  ZCatalogueCsp,
  ZCatalogueInsightRole,
  ZCatalogueRegion,
  ZCatalogueService,
  ZCatalogueVersion,
} from '@console/contract/ops';

export type TCatalogueProblem = { rule: TCatalogueRule | 'shape'; path: string; message: string };

/** The catalogue of a file, or the list of what is wrong with it (one line per problem). */
export function parseCatalogue(
  input: unknown,
):
  | { isValid: true; catalogue: TCatalogue }
  | { isValid: false; problems: string[]; issues: TCatalogueProblem[] } {
  const result = ZCatalogue.safeParse(input);
  if (result.success) return { isValid: true, catalogue: result.data };
  const issues = result.error.issues.map((i) => {
    const params = i.code === 'custom' ? (i.params as { rule?: TCatalogueRule } | undefined) : undefined;
    return {
      rule: params?.rule ?? ('shape' as const),
      path: i.path.length ? i.path.join('.') : '(file)',
      message: i.message,
    };
  });
  return { isValid: false, problems: issues.map((i) => `${i.path}: ${i.message}`), issues };
}
