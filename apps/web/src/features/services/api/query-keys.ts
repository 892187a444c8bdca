/** Query keys of services, instances and Insight users. */
export const serviceKeys = {
  all: ['services'] as const,
  services: ['services', 'services'] as const,
  versions: (serviceId: number) => ['services', 'versions', serviceId] as const,
  csps: ['services', 'csps'] as const,
  regions: (serviceId: number) => ['services', 'regions', serviceId] as const,
  allRegions: ['services', 'regions'] as const,
  accountRegions: ['services', 'accountRegions'] as const,
  accountTags: ['services', 'accountTags'] as const,
  instances: (serviceId: number) => ['services', 'instances', serviceId] as const,
  allInstances: ['services', 'instances'] as const,
  accountInstances: ['services', 'accountInstances'] as const,
  insight: ['services', 'insight'] as const,
  insightInfo: ['services', 'insight', 'info'] as const,
  insightUsers: ['services', 'insight', 'users'] as const,
  insightRoles: ['services', 'insight', 'roles'] as const,
  insightSync: ['services', 'insight', 'sync'] as const,
};
