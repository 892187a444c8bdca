/** Line icons of the billing cards' titles (24px grid, stroked with currentColor, 16px). */
function CardIcon({ d }: { d: string }) {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}

/** A wallet: the billing overview card. */
export function WalletIcon() {
  return (
    <CardIcon d="M19 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0 0 4h14a2 2 0 0 1 2 2v3M3 5v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-3M21 12h-4a2 2 0 0 0 0 4h4z" />
  );
}

/** A line chart: the consumption card. */
export function LineChartIcon() {
  return <CardIcon d="M3 3v16a2 2 0 0 0 2 2h16M7 15l4-4 3 3 6-6" />;
}
