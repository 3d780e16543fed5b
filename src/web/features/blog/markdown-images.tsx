import { type ClipboardEvent, type DragEvent, type RefObject, useId, useState } from 'react';
import { insertMarkdownBlock } from '../../../shared/rules/blog.ts';
import { imageFileOf, useImageUpload } from '../../lib/upload-image.ts';
import { Button } from '../../ui/button.tsx';
import { ImageUploadStatus } from '../../ui/image-upload-button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { TextField } from '../../ui/text-field.tsx';

const ALT_MAX = 300;

/** Alt text as Markdown reads it: on one line, its brackets taken literally. */
function markdownAlt(alt: string): string {
  return alt
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[[\]\\]/g, (char) => `\\${char}`);
}

/** What a file's name suggests as a start for its description: `harbour-at-dawn.jpg` -> `harbour at dawn`. */
function altFromName(name: string): string {
  return name
    .replace(/\.[^.]*$/, '')
    .replace(/[-_]+/g, ' ')
    .trim()
    .slice(0, ALT_MAX);
}

let uploadSerial = 0;

/**
 * Images dropped or pasted into the Markdown: the description is asked for first, then the image is
 * uploaded and `![description](address)` goes where the cursor was, as a paragraph of its own. Meanwhile a placeholder stands there, so
 * text typed during the upload stays as typed; a failed upload takes only its placeholder away.
 */
export function useMarkdownImages({
  textarea,
  getText,
  setText,
}: {
  textarea: RefObject<HTMLTextAreaElement | null>;
  getText: () => string;
  setText: (text: string) => void;
}) {
  const { upload, uploading, error } = useImageUpload();
  const [asking, setAsking] = useState<{ file: File; at: number } | null>(null);

  const offer = (file: File | null): boolean => {
    if (!file) return false;
    setAsking({ file, at: textarea.current?.selectionStart ?? getText().length });
    return true;
  };

  const insert = async (file: File, at: number, alt: string) => {
    uploadSerial += 1;
    const placeholder = `![Uploading ${markdownAlt(file.name)}…](#upload-${uploadSerial})`;
    const text = getText();
    // A paragraph of its own: right after a list, it became part of the list's last item.
    setText(insertMarkdownBlock(text, Math.min(at, text.length), placeholder));
    const uploaded = await upload(file);
    setText(getText().replace(placeholder, uploaded ? `![${markdownAlt(alt)}](${uploaded.url})` : ''));
  };

  return {
    handlers: {
      onDragOver: (event: DragEvent<HTMLTextAreaElement>) => {
        if (Array.from(event.dataTransfer.items).some((item) => item.kind === 'file')) event.preventDefault();
      },
      onDrop: (event: DragEvent<HTMLTextAreaElement>) => {
        if (offer(imageFileOf(event.dataTransfer))) event.preventDefault();
      },
      onPaste: (event: ClipboardEvent<HTMLTextAreaElement>) => {
        if (offer(imageFileOf(event.clipboardData))) event.preventDefault();
      },
    },
    /** Choose an image through the file chooser, as a drop would give it. */
    choose: (file: File) => offer(file),
    status: <ImageUploadStatus uploading={uploading} error={error} />,
    busy: uploading !== null,
    dialog: asking && (
      <ImageAltDialog
        key={`${asking.file.name}-${asking.at}`}
        fileName={asking.file.name}
        onCancel={() => {
          setAsking(null);
          textarea.current?.focus();
        }}
        onInsert={(alt) => {
          setAsking(null);
          void insert(asking.file, asking.at, alt);
          textarea.current?.focus();
        }}
      />
    ),
  };
}

/** Asks what an image shows before it goes into the post. */
function ImageAltDialog({
  fileName,
  onCancel,
  onInsert,
}: {
  fileName: string;
  onCancel: () => void;
  onInsert: (alt: string) => void;
}) {
  const formId = useId();
  const [alt, setAlt] = useState(() => altFromName(fileName));
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title="Describe the image"
      description={`What does ${fileName} show? Readers who cannot see it hear this instead.`}
      className="max-w-md"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" form={formId}>
            Upload and insert
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          // Nested in the post's form: the post itself is not submitted.
          event.stopPropagation();
          onInsert(alt);
        }}
      >
        <TextField
          label="Image description (alt text)"
          hint="Leave it empty only if the image is decoration."
          maxLength={ALT_MAX}
          value={alt}
          onChange={(event) => setAlt(event.target.value)}
          autoFocus
        />
      </form>
    </Modal>
  );
}
