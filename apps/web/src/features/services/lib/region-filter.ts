/**
 * The service page's region filter: the regions offered to the account grouped by cloud provider
 * (in the order the server lists them), and the instances of the chosen region.
 */
export type TFilterRegion = { id: number; csp: string; cspName: string; code: string; name: string };

export type TRegionGroup = {
  label: string;
  title: string;
  options: { value: number; label: string }[];
};

/** Select options: one group per provider, its regions inside. */
export function regionFilterGroups(regions: readonly TFilterRegion[]): TRegionGroup[] {
  const groups = new Map<string, TRegionGroup>();
  for (const region of regions) {
    let group = groups.get(region.csp);
    if (!group) {
      group = { label: region.cspName, title: region.cspName, options: [] };
      groups.set(region.csp, group);
    }
    group.options.push({ value: region.id, label: `${region.cspName} / ${region.name}` });
  }
  return [...groups.values()];
}

/** The instances in the region (all of them without a region). */
export function instancesInRegion<I extends { regionId: number }>(
  instances: readonly I[],
  regionId: number | null,
): I[] {
  return regionId === null ? [...instances] : instances.filter((i) => i.regionId === regionId);
}
