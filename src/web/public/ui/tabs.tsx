import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { cx } from '../../lib/class-names.ts';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  panel: ReactNode;
}

interface TabsProps<Id extends string> {
  /** The tab list's accessible name. */
  label: string;
  /** Prefix of the elements' ids, unique on the page. */
  idPrefix: string;
  tabs: readonly TabItem<Id>[];
  /** The tab shown when the address names none (`?tab=<id>` names one). */
  defaultTab: Id;
}

/** The query parameter that names the selected tab: each tab is a link to its own address. */
const TAB_PARAM = 'tab';

/** The tab an arrow, Home or End key moves to (wrapping around), or null for other keys. */
function keyTarget(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs, only the selected
 * tab is in the tab order. Panels the visitor has not opened are in the server's HTML but hidden, so their
 * text is still there for search engines and find-in-page after a switch.
 *
 * Without radix: public pages keep their script small (see scripts/check-bundles.ts).
 */
export function Tabs<Id extends string>({ label, idPrefix, tabs, defaultTab }: TabsProps<Id>) {
  const [searchParams] = useSearchParams();
  const [selected, setSelected] = useState<Id>(
    () => tabs.find((tab) => tab.id === searchParams.get(TAB_PARAM))?.id ?? defaultTab,
  );
  const tabRefs = useRef(new Map<Id, HTMLAnchorElement>());

  const select = (id: Id, focus: boolean) => {
    setSelected(id);
    if (focus) tabRefs.current.get(id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = keyTarget(
      event.key,
      tabs.findIndex((tab) => tab.id === selected),
      tabs.length,
    );
    if (target === null) return;
    event.preventDefault();
    select(tabs[target]!.id, true);
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="inline-flex w-full gap-1 rounded-2xl bg-slate-100 p-1 ring-1 ring-slate-200 sm:w-auto"
      >
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            // A link to the tab's own address, which the server renders with that tab selected: without
            // script a tab still opens. With script, the tab switches in place.
            <a
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              href={`?${TAB_PARAM}=${tab.id}`}
              role="tab"
              id={`${idPrefix}-tab-${tab.id}`}
              aria-selected={isSelected}
              aria-controls={`${idPrefix}-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={(event) => {
                event.preventDefault();
                select(tab.id, false);
              }}
              className={cx(
                'flex-1 rounded-xl px-4 py-2.5 text-center text-sm font-semibold transition-colors sm:flex-none sm:px-6',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                isSelected
                  ? 'bg-white text-indigo-700 shadow-sm ring-1 ring-slate-200'
                  : 'text-slate-700 hover:bg-white/60 hover:text-slate-900',
              )}
            >
              {tab.label}
            </a>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${idPrefix}-panel-${tab.id}`}
          aria-labelledby={`${idPrefix}-tab-${tab.id}`}
          hidden={tab.id !== selected}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA tabs: Tab moves from the tab list into the panel, whose first content is text
          tabIndex={0}
          className="mt-8 rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
