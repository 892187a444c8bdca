/**
 * The create dialog's choice of cloud provider and region: the regions of one provider that offer
 * the service, those already taken (one instance per cloud platform per region) shown disabled.
 */
export type TRegionChoice = {
  id: number;
  csp: string;
  cspName: string;
  code: string;
  name: string;
  isTaken: boolean;
};

export type TRegionOption = {
  value: number;
  code: string;
  label: string;
  disabled: boolean;
  isTaken: boolean;
};

/** The regions of `csp` (none without a provider). */
export function regionsOfCsp<R extends TRegionChoice>(regions: readonly R[], csp: string | undefined): R[] {
  if (!csp) return [];
  return regions.filter((r) => r.csp === csp);
}

/** Options of the region select for `csp`: taken regions disabled, free ones first. */
export function regionOptions(regions: readonly TRegionChoice[], csp: string | undefined): TRegionOption[] {
  return regionsOfCsp(regions, csp)
    .map((r) => ({ value: r.id, code: r.code, label: r.name, disabled: r.isTaken, isTaken: r.isTaken }))
    .sort((a, b) => Number(a.isTaken) - Number(b.isTaken));
}

/** The first region of `csp` still free, to preselect. */
export function firstFreeRegion(
  regions: readonly TRegionChoice[],
  csp: string | undefined,
): number | undefined {
  return regionsOfCsp(regions, csp).find((r) => !r.isTaken)?.id;
}

export type TCspChoice = { code: string; name: string; regionCount: number; freeCount: number };

/**
 * The providers offering the service (those with at least one region of it), in the order of the
 * provider list, with how many of their regions are still free. A provider in `regions` but not
 * in `csps` is kept, named by the region's `cspName`.
 */
export function cspChoices(
  csps: readonly { code: string; name: string }[],
  regions: readonly TRegionChoice[],
): TCspChoice[] {
  const order = [...csps.map((c) => c.code), ...regions.map((r) => r.csp)];
  const seen = new Set<string>();
  const out: TCspChoice[] = [];
  for (const code of order) {
    if (seen.has(code)) continue;
    seen.add(code);
    const own = regions.filter((r) => r.csp === code);
    if (own.length === 0) continue;
    const name = csps.find((c) => c.code === code)?.name ?? own[0]?.cspName ?? code;
    out.push({ code, name, regionCount: own.length, freeCount: own.filter((r) => !r.isTaken).length });
  }
  return out;
}

/** The provider to preselect: the first with a free region, else the first. */
export function defaultCsp(choices: readonly TCspChoice[]): string | undefined {
  return (choices.find((c) => c.freeCount > 0) ?? choices[0])?.code;
}

/** Whether the chosen region may be opened: it belongs to `csp` and is not taken. */
export function canOpenRegion(
  regions: readonly TRegionChoice[],
  csp: string | undefined,
  regionId: number | undefined,
): boolean {
  if (regionId === undefined) return false;
  const region = regionsOfCsp(regions, csp).find((r) => r.id === regionId);
  return region !== undefined && !region.isTaken;
}
