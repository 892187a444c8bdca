/**
 * The catalogue's calls: `GET /api/ops/catalogue` (every role), and each row's change, after which
 * the catalogue is read again and the outcome told (written, deleted, or only disabled as in use).
 */
import type { TOpsRouteBody, TOpsRouteData, TOpsRouteId } from '@console/contract/ops';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import { callOps } from '@/ops/lib/ops-api';

export const catalogueKey = ['ops', 'catalogue'] as const;

export type TCatalogueData = TOpsRouteData<'opsGetCatalogue'>;

export function useCatalogue() {
  return useQuery({
    queryKey: catalogueKey,
    queryFn: ({ signal }) => callOps('opsGetCatalogue', { signal }),
  });
}

type TChangeRoute =
  | 'opsCreateCatalogueService'
  | 'opsUpdateCatalogueService'
  | 'opsRemoveCatalogueService'
  | 'opsCreateCatalogueVersion'
  | 'opsUpdateCatalogueVersion'
  | 'opsRemoveCatalogueVersion'
  | 'opsCreateCatalogueRegion'
  | 'opsUpdateCatalogueRegion'
  | 'opsRemoveCatalogueRegion'
  | 'opsUpdateCataloguePrice';

/** Sends one change; tells its outcome and reads the catalogue again. */
export function useCatalogueChange() {
  const client = useQueryClient();
  const { t } = useTranslation('opsCatalogue');
  return async <K extends TChangeRoute & TOpsRouteId>(id: K, body: TOpsRouteBody<K>) => {
    const done = (await callOps(id, { body })) as TOpsRouteData<'opsUpdateCatalogueService'>;
    toast({ level: 'success', title: t(`catalogue.outcome.${done.outcome}`) });
    await client.invalidateQueries({ queryKey: catalogueKey });
    return done;
  };
}
