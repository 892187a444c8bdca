/**
 * The service page's first calls, made beside its chunks rather than after its first render
 * (`app/console/route-pages`): the services, then each one's instances (and the share links where
 * a service has them), the regions and the account's tags of the filters. Quiet (no hints): the
 * page shows a failure itself. A session found ended leads to the login page (the API client).
 */
import { ServiceKind } from '@console/contract/service-enums';
import { quietCall } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { accountTagsQueryOptions } from './get-account-tags';
import { instancesQueryOptions } from './list-instances';
import { jobProfileSharesQueryOptions } from './list-job-profile-shares';
import { accountRegionsQueryOptions } from './list-regions';
import { servicesQueryOptions } from './list-services';

/** Answers when every call has settled (it never fails). */
export async function prefetchServiceManage(): Promise<void> {
  const perService = queryClient.fetchQuery(servicesQueryOptions(quietCall)).then(
    (services) =>
      Promise.all([
        ...services.map((service) => queryClient.prefetchQuery(instancesQueryOptions(service.id, quietCall))),
        services.some((service) => service.kind === ServiceKind.studio)
          ? queryClient.prefetchQuery(jobProfileSharesQueryOptions(quietCall))
          : null,
      ]),
    () => null,
  );
  await Promise.all([
    perService,
    queryClient.prefetchQuery(accountRegionsQueryOptions(quietCall)),
    queryClient.prefetchQuery(accountTagsQueryOptions(quietCall)),
  ]);
}
