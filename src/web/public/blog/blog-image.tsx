import { Newspaper } from 'lucide-react';
import { useState } from 'react';
import { cx } from '../../lib/class-names.ts';

/**
 * A post's picture over a neat placeholder: while it loads, and when it cannot (a dead link), the reader
 * sees the placeholder rather than the browser's broken-image icon and alt text. The alt is empty: the
 * picture sits beside the post's title, which a screen reader would otherwise hear twice. An image that
 * failed before the page's script ran is caught when React attaches (complete, with no width).
 */
export function BlogImage({
  src,
  lazy = false,
  className,
}: {
  src: string;
  lazy?: boolean;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  return (
    <div
      data-image-state={broken ? 'broken' : 'shown'}
      className={cx(
        'relative flex aspect-video w-full items-center justify-center overflow-hidden bg-gradient-to-br from-indigo-50 via-white to-violet-100',
        className,
      )}
    >
      <Newspaper aria-hidden="true" className="size-12 text-indigo-300" />
      {!broken && (
        <img
          src={src}
          alt=""
          loading={lazy ? 'lazy' : undefined}
          decoding="async"
          onError={() => setBroken(true)}
          ref={(image) => {
            if (image?.complete && image.naturalWidth === 0) setBroken(true);
          }}
          className="absolute inset-0 size-full object-cover"
        />
      )}
    </div>
  );
}
