/** Selects the element's text, so it can be copied by hand where the clipboard is out of reach. */
export function selectContents(element: HTMLElement | null) {
  const selection = window.getSelection();
  if (!element || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}
