import { Newspaper } from 'lucide-react';
import type { UploadPicture } from '../../../shared/contracts/uploads.ts';
import { cx } from '../../lib/class-names.ts';

/**
 * A post's picture over a neat placeholder: while it loads, and when it cannot (a dead link), the reader
 * sees the placeholder rather than the browser's broken-image icon and alt text. The alt is the post's
 * image description, empty when none was given: the picture then sits beside the post's title, which a
 * screen reader would otherwise hear twice. An uploaded picture comes in several sizes (`picture`): the
 * browser picks the one the screen needs, WebP first. `loading`: `lazy` for pictures below the fold,
 * `first` for the picture that is likely the page's largest paint (fetched at once, ahead of other images).
 */
export function BlogImage({
  src,
  picture,
  sizes,
  alt = '',
  loading = 'eager',
  className,
}: {
  src: string;
  picture?: UploadPicture | undefined;
  /** How wide the picture is shown, for choosing among its sizes (with `picture`). */
  sizes?: string;
  alt?: string;
  loading?: 'eager' | 'first' | 'lazy';
  className?: string;
}) {
  return (
    // The placeholder shows through while the picture loads; when it cannot load, broken-pictures.ts marks
    // the frame `broken` and the stylesheet hides the picture (no script: the browser's broken image).
    <div
      data-image-state="shown"
      className={cx(
        'relative flex aspect-video w-full items-center justify-center overflow-hidden bg-gradient-to-br from-indigo-50 via-white to-violet-100',
        className,
      )}
    >
      <Newspaper aria-hidden="true" className="size-12 text-indigo-300" />
      <picture>
        {picture?.sources.map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
        ))}
        <img
          src={picture?.src ?? src}
          width={picture?.width}
          height={picture?.height}
          alt={alt}
          loading={loading === 'lazy' ? 'lazy' : undefined}
          fetchPriority={loading === 'first' ? 'high' : undefined}
          decoding="async"
          className="absolute inset-0 size-full object-cover"
        />
      </picture>
    </div>
  );
}
