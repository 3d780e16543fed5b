import { useCallback, useRef, useState } from 'react';
import { type Upload, UploadResponseSchema } from '../../shared/contracts/uploads.ts';
import { isApiError } from '../../shared/rules/api.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from '../../shared/rules/uploads.ts';
import { ApiRequestError, NETWORK_ERROR_STATUS } from './api-client.ts';

const UPLOAD_FAILED = 'The image could not be uploaded. Please try again.';

/** The first image among dropped or pasted files, or null: text dropped or pasted is left to the browser. */
export function imageFileOf(data: DataTransfer | null): File | null {
  if (!data) return null;
  return Array.from(data.files).find((file) => file.type.startsWith('image/')) ?? null;
}

/**
 * POST /api/uploads with the file, reporting how much was sent (fetch cannot tell). A file over the limit is
 * refused here without sending it; everything else is for the server, which reads the type from the bytes.
 */
function sendImage(file: File, onProgress: (percent: number) => void): Promise<Upload> {
  if (file.size > UPLOAD_MAX_BYTES) return Promise.reject(new ApiRequestError(413, UPLOAD_MESSAGES.tooLarge));
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/uploads');
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () =>
      reject(new ApiRequestError(NETWORK_ERROR_STATUS, 'Could not reach the server. Check your connection.'));
    request.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(request.responseText);
      } catch {
        data = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        const checked = UploadResponseSchema.safeParse(data);
        if (checked.success) resolve(checked.data.data);
        else reject(new ApiRequestError(request.status, 'The server sent an unexpected answer'));
      } else if (isApiError(data)) {
        reject(new ApiRequestError(request.status, data.message, data.errors, true, data));
      } else {
        reject(new ApiRequestError(request.status, UPLOAD_FAILED));
      }
    };
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

export interface ImageUploadState {
  /** The file being sent and how much of it went (0-100), or null. */
  uploading: { name: string; percent: number } | null;
  /** The last refusal, in the server's words when it gave them. */
  error: string | null;
}

/** Uploads one image at a time, with its progress and its error for the screen to show. */
export function useImageUpload() {
  const [state, setState] = useState<ImageUploadState>({ uploading: null, error: null });
  const busy = useRef(false);
  const upload = useCallback(async (file: File): Promise<Upload | null> => {
    if (busy.current) return null;
    busy.current = true;
    setState({ uploading: { name: file.name, percent: 0 }, error: null });
    try {
      const uploaded = await sendImage(file, (percent) =>
        setState({ uploading: { name: file.name, percent }, error: null }),
      );
      setState({ uploading: null, error: null });
      return uploaded;
    } catch (error) {
      const message = error instanceof ApiRequestError ? error.message : UPLOAD_FAILED;
      setState({ uploading: null, error: message });
      return null;
    } finally {
      busy.current = false;
    }
  }, []);
  const clearError = useCallback(() => setState((current) => ({ ...current, error: null })), []);
  return { ...state, upload, clearError };
}
