import { type ChangeObject, diffLines, diffWords } from 'diff';
import { useMemo } from 'react';

/** Word by word reads best; a text so changed that comparing words takes too long is compared by lines. */
const WORD_DIFF_TIMEOUT_MS = 300;

function changes(from: string, to: string): ChangeObject<string>[] {
  return diffWords(from, to, { timeout: WORD_DIFF_TIMEOUT_MS }) ?? diffLines(from, to);
}

/**
 * What changes from `from` to `to`: removed text in <del> (struck through), added text in <ins>
 * (underlined), so the difference does not rest on colour alone and screen readers can name it.
 */
export function TextDiff({ from, to, className }: { from: string; to: string; className?: string }) {
  const parts = useMemo(() => changes(from, to), [from, to]);
  return (
    <div className={className}>
      {parts.map((part, index) =>
        part.added ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts have no identity but their order.
          <ins key={index} className="bg-green-100 text-green-900 underline decoration-2">
            {part.value}
          </ins>
        ) : part.removed ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <del key={index} className="bg-red-100 text-red-900 line-through decoration-2">
            {part.value}
          </del>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <span key={index}>{part.value}</span>
        ),
      )}
    </div>
  );
}
