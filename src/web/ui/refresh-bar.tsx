/** A thin bar while the next page or search result is on its way; the old rows stay meanwhile. */
export function RefreshBar({ active }: { active: boolean }) {
  return (
    <div aria-hidden="true" className="h-1 overflow-hidden rounded-full">
      {active && <div className="h-full w-full animate-pulse rounded-full bg-indigo-500/70" />}
    </div>
  );
}
