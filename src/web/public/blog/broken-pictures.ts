/**
 * A post's picture that cannot load (a dead link) leaves its placeholder (blog-image.tsx) rather than the
 * browser's broken-image icon and alt text: its frame is marked `broken`, and the stylesheet hides the
 * picture. Imported by page-start.ts on a page that has one (decision 062); a picture that failed before is
 * found at the start.
 */
function markBroken(image: HTMLImageElement): void {
  const frame = image.closest<HTMLElement>('[data-image-state]');
  if (frame) frame.dataset.imageState = 'broken';
}

function watchBrokenPictures(doc: Document): void {
  for (const image of doc.querySelectorAll<HTMLImageElement>('[data-image-state] img')) {
    if (image.complete && image.naturalWidth === 0) markBroken(image);
  }
  // `error` does not bubble: caught on its way down, also for pictures loaded later (lazy ones).
  doc.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLImageElement) markBroken(event.target);
    },
    true,
  );
}

watchBrokenPictures(document);
