import { ImageUp } from 'lucide-react';
import { useRef } from 'react';
import { UPLOAD_ACCEPT } from '../../shared/rules/uploads.ts';
import type { ImageUploadState } from '../lib/upload-image.ts';
import { Button } from './button.tsx';

/** A button that opens the file chooser for one image; the input itself is hidden from everyone. */
export function ImageUploadButton({
  label = 'Upload image',
  onFile,
  disabled,
}: {
  label?: string;
  onFile: (file: File) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="secondary" onClick={() => input.current?.click()} disabled={disabled}>
        <ImageUp aria-hidden="true" className="size-4" />
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={UPLOAD_ACCEPT}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Emptied so that choosing the same file again (after an error) is a change too.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}

/** How an upload is going, read out by screen readers: its progress, or the server's refusal. */
export function ImageUploadStatus({ uploading, error }: ImageUploadState) {
  return (
    <div aria-live="polite" className="min-h-5 text-sm">
      {uploading && (
        <span className="flex items-center gap-2 text-slate-600">
          <progress max={100} value={uploading.percent} className="h-2 w-24" aria-label="Upload progress" />
          Uploading {uploading.name}… {uploading.percent}%
        </span>
      )}
      {error && (
        <span role="alert" className="text-red-600">
          {error}
        </span>
      )}
    </div>
  );
}
