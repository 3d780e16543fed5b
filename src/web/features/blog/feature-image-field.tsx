import type { ClipboardEvent, DragEvent, ReactNode } from 'react';
import { imageFileOf, useImageUpload } from '../../lib/upload-image.ts';
import { ImageUploadButton, ImageUploadStatus } from '../../ui/image-upload-button.tsx';

/**
 * The feature image's address field with an "Upload image" button beside it; an image dropped or pasted on
 * the field is uploaded too. The uploaded image's address fills the field, and its description is asked
 * for next (`onUploaded` moves the focus there).
 */
export function FeatureImageField({
  children,
  image,
  onUploaded,
}: {
  /** The address field itself. */
  children: ReactNode;
  image: string;
  onUploaded: (url: string) => void;
}) {
  const { upload, uploading, error } = useImageUpload();
  const send = async (file: File) => {
    const uploaded = await upload(file);
    if (uploaded) onUploaded(uploaded.url);
  };
  const take = (event: DragEvent | ClipboardEvent, data: DataTransfer | null) => {
    const file = imageFileOf(data);
    if (!file) return;
    event.preventDefault();
    void send(file);
  };
  return (
    <fieldset
      aria-label="Feature image"
      className="min-w-0 space-y-2"
      onDragOver={(event) => {
        if (Array.from(event.dataTransfer.items).some((item) => item.kind === 'file')) event.preventDefault();
      }}
      onDrop={(event) => take(event, event.dataTransfer)}
      onPaste={(event) => take(event, event.clipboardData)}
    >
      {children}
      <div className="flex flex-wrap items-center gap-3">
        <ImageUploadButton onFile={(file) => void send(file)} disabled={uploading !== null} />
        {/^(?:https?:)?\//.test(image) && !uploading && (
          <img src={image} alt="" className="h-11 w-20 rounded border border-slate-200 object-cover" />
        )}
        <ImageUploadStatus uploading={uploading} error={error} />
      </div>
    </fieldset>
  );
}
