/**
 * The public chrome's behaviour in plain script, for every public page (decision 062): it works on the markup
 * the server rendered, through listeners on the document, so it needs no framework. Each behaviour has a
 * no-script form: the
 * menu is a popover, the tabs are links to `?tab=`, the header keeps its clear style, the language offer stays
 * hidden.
 *
 * - The header turns opaque once the page has scrolled past 20 px (`data-scrolled`, styles.css).
 * - The phone menu (a popover) names its button "Close menu" while open and closes when one of its links is
 *   followed, so that a page the browser keeps for Back is not shown with its menu open.
 * - WAI-ARIA tabs with automatic activation: a click or an arrow, Home or End key switches in place.
 * - A browser that asks for Hindi before English is offered an English page in Hindi, until it closes the offer.
 * - A "Copy link" button (`data-copy-link`, the contact page's bar for an app's browser) shows where the browser can
 *   write to the clipboard, copies its link and says so in its bar's status; without script the link is there to
 *   select.
 * - What the page says about the opening hours ("Open now · closes 8:00 PM", the WhatsApp card's badge, the contact
 *   form first while closed) moves on to the next moment of its timeline at that moment's time, so a page left
 *   open stays true (contact/open-status.tsx, decision 074); without script it is true when rendered.
 * - What the server's page says only for a browser without script (`data-without-script`: the game's "turn on
 *   JavaScript") is hidden: with script, an island makes it untrue once a visitor reaches for it.
 *
 * A page with a post's picture imports one module more (blog/broken-pictures.ts), which the server names.
 */

import { OPEN_STATUS_DATA, type OpenMomentWords } from './open-status-data.ts';

const HEADER_SCROLLED_AFTER_PX = 20;
const LANGUAGE_OFFER_DISMISSED_KEY = 'sampark.languageSuggestionDismissed';

function followHeaderScroll(doc: Document): void {
  const update = () => {
    const header = doc.querySelector<HTMLElement>('.site-header');
    const scrolled = String(window.scrollY > HEADER_SCROLLED_AFTER_PX);
    // Written only when it changes: the header's style switches once, not on every scroll event.
    if (header && header.dataset.scrolled !== scrolled) header.dataset.scrolled = scrolled;
  };
  update();
  window.addEventListener('scroll', update, { passive: true });
}

/**
 * The menu button (layout/site-header.tsx, the popover's invoker) follows its popover: "Open menu" (its
 * server-rendered name, kept aside) while closed, `data-close-label` while open.
 */
function syncMenuButton(popover: HTMLElement, open: boolean): void {
  const button = popover.ownerDocument.querySelector<HTMLElement>(`[popovertarget="${popover.id}"]`);
  if (!button) return;
  button.dataset.openLabel ??= button.getAttribute('aria-label') ?? '';
  button.setAttribute('aria-expanded', String(open));
  button.setAttribute('aria-label', (open ? button.dataset.closeLabel : button.dataset.openLabel) ?? '');
}

function followMenu(doc: Document): void {
  for (const popover of doc.querySelectorAll<HTMLElement>('[popover]')) {
    syncMenuButton(popover, popover.matches(':popover-open'));
  }
  // `toggle` does not bubble: caught on its way down.
  doc.addEventListener(
    'toggle',
    (event) => {
      const popover = event.target;
      if (popover instanceof HTMLElement && popover.hasAttribute('popover')) {
        syncMenuButton(popover, (event as ToggleEvent).newState === 'open');
      }
    },
    true,
  );
  doc.addEventListener('click', (event) => {
    const popover = (event.target as Element | null)?.closest?.('a[href]')?.closest('[popover]');
    if (popover instanceof HTMLElement && popover.matches(':popover-open')) popover.hidePopover();
  });
}

/** The tab an arrow, Home or End key moves to (wrapping around), or null for other keys. */
function tabKeyTarget(key: string, index: number, count: number): number | null {
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

function selectTab(doc: Document, tab: HTMLElement, focus: boolean): void {
  const list = tab.closest('[role="tablist"]');
  if (!list) return;
  for (const other of list.querySelectorAll<HTMLElement>('[role="tab"]')) {
    const selected = other === tab;
    other.setAttribute('aria-selected', String(selected));
    other.tabIndex = selected ? 0 : -1;
    const panel = doc.getElementById(other.getAttribute('aria-controls') ?? '');
    if (panel) panel.hidden = !selected;
  }
  if (focus) tab.focus();
}

function followTabs(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const tab = (event.target as Element | null)?.closest?.<HTMLElement>('[role="tab"]');
    if (!tab || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
    event.preventDefault();
    selectTab(doc, tab, false);
  });
  doc.addEventListener('keydown', (event) => {
    const tab = (event.target as Element | null)?.closest?.<HTMLElement>('[role="tab"]');
    const tabs = tab?.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]');
    if (!tab || !tabs) return;
    const target = tabKeyTarget(event.key, [...tabs].indexOf(tab), tabs.length);
    if (target === null) return;
    event.preventDefault();
    selectTab(doc, tabs[target]!, true);
  });
}

/** Whether the browser's languages (what it sends as Accept-Language) put Hindi before English. */
function prefersHindi(languages: readonly string[]): boolean {
  const first = languages.find((language) => /^(hi|en)\b/i.test(language));
  return first !== undefined && /^hi\b/i.test(first);
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The offer of this page in Hindi (layout/language-switch.tsx): shown until closed once, hidden once followed. */
function offerLanguage(doc: Document): void {
  const offer = doc.querySelector<HTMLElement>('[data-language-offer]');
  if (!offer || !prefersHindi(navigator.languages)) return;
  if (storage()?.getItem(LANGUAGE_OFFER_DISMISSED_KEY) === '1') return;
  offer.hidden = false;
  offer.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target.closest('button')) {
      try {
        storage()?.setItem(LANGUAGE_OFFER_DISMISSED_KEY, '1');
      } catch {
        // Private mode: the offer stays closed until the next page.
      }
      offer.hidden = true;
    } else if (target.closest('a[href]')) {
      offer.hidden = true;
    }
  });
}

/** Copy buttons: shown where the clipboard can be written, and saying in their status what came of a copy. */
function followCopyLinks(doc: Document): void {
  if (!navigator.clipboard) return;
  for (const button of doc.querySelectorAll<HTMLButtonElement>('button[data-copy-link]')) {
    button.hidden = false;
    const status = button.closest('section')?.querySelector<HTMLElement>('[data-copy-status]');
    button.addEventListener('click', () => {
      const say = (text: string | undefined) => {
        if (status) status.textContent = text ?? '';
      };
      navigator.clipboard.writeText(button.dataset.copyLink ?? '').then(
        () => say(button.dataset.copied),
        () => say(button.dataset.copyFailed),
      );
    });
  }
}

/** The longest a timer may wait (about 24.8 days); a later moment is waited for again. */
const TIMER_MAX_MS = 2 ** 31 - 1;

function showOpenMoment(doc: Document, moment: OpenMomentWords): void {
  const { state, line, resume, firstWhenClosed } = OPEN_STATUS_DATA;
  for (const element of doc.querySelectorAll<HTMLElement>(`[${state}]`))
    element.setAttribute(state, moment.state);
  for (const element of doc.querySelectorAll<HTMLElement>(`[${line}]`)) element.textContent = moment.line;
  for (const element of doc.querySelectorAll<HTMLElement>(`[${resume}]`))
    element.textContent = moment.resume ?? '';
  for (const item of doc.querySelectorAll<HTMLElement>(`[${firstWhenClosed}]`)) {
    if (moment.state === 'closed') item.parentElement?.prepend(item);
    else item.parentElement?.append(item);
  }
}

/**
 * Keeps what the page says about its opening hours true: the moment of its timeline that holds now, and each
 * next one at its time; again when the page is shown after a while (a tab brought back, a phone woken), since
 * a sleeping page's timers run late.
 */
function followOpeningHours(doc: Document): void {
  const data = doc.querySelector(`script[${OPEN_STATUS_DATA.timeline}]`);
  if (!data?.textContent) return;
  const moments = JSON.parse(data.textContent) as OpenMomentWords[];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let shown: OpenMomentWords | undefined;
  const update = () => {
    clearTimeout(timer);
    const now = Date.now();
    let index = 0;
    while (index + 1 < moments.length && moments[index + 1]!.at <= now) index++;
    const moment = moments[index]!;
    if (moment !== shown) showOpenMoment(doc, moment);
    shown = moment;
    const next = moments[index + 1];
    if (next) timer = setTimeout(update, Math.min(next.at - now, TIMER_MAX_MS));
  };
  update();
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'visible') update();
  });
  window.addEventListener('pageshow', update);
}

/** Hides what is said only to a browser without script. */
function hideWithoutScriptNotes(doc: Document): void {
  for (const note of doc.querySelectorAll<HTMLElement>('[data-without-script]')) note.hidden = true;
}

export function startPageBehaviours(doc: Document): void {
  hideWithoutScriptNotes(doc);
  followHeaderScroll(doc);
  followMenu(doc);
  followTabs(doc);
  offerLanguage(doc);
  followCopyLinks(doc);
  followOpeningHours(doc);
}
