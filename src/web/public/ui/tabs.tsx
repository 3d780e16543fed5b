import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

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

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs, only the selected
 * tab is in the tab order. The server renders the tab the address names; switching is plain script on this
 * markup (page-behaviours.ts), so a page need not hydrate for it. Panels the visitor has not opened are in
 * the server's HTML but hidden, so their text is still there for search engines and find-in-page after a
 * switch.
 */
export function Tabs<Id extends string>({ label, idPrefix, tabs, defaultTab }: TabsProps<Id>) {
  const [searchParams] = useSearchParams();
  const selected = tabs.find((tab) => tab.id === searchParams.get(TAB_PARAM))?.id ?? defaultTab;

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="inline-flex w-full gap-1 rounded-2xl bg-slate-100 p-1 ring-1 ring-slate-200 sm:w-auto"
      >
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            // A link to the tab's own address, which the server renders with that tab selected: without
            // script a tab still opens. With script, the tab switches in place.
            <a
              key={tab.id}
              href={`?${TAB_PARAM}=${tab.id}`}
              role="tab"
              id={`${idPrefix}-tab-${tab.id}`}
              aria-selected={isSelected}
              aria-controls={`${idPrefix}-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              // Styled by its state (styles.css), which the script changes in place.
              className="tab"
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
