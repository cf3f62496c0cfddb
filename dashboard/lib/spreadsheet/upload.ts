import { statusSchema } from '@shared/schemas/envelope';
import { isRecord } from '@shared/untrusted';
import type { z } from 'zod';
import { ApiError } from '../api';
import { useSessionStore } from '../session-store';

export interface UploadOptions {
  /** 0 to 100 as the request body is sent. */
  onProgress?(percent: number): void;
  signal?: AbortSignal;
}

/**
 * A multipart upload with upload progress (fetch cannot report it), answering the envelope's data
 * validated by the shared schema, or throwing an ApiError with the server's message.
 */
export function uploadWithProgress<S extends z.ZodType>(url: string, form: FormData, dataSchema: S, options: UploadOptions = {}): Promise<z.infer<S>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = useSessionStore.getState().token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NetworkError', 'Network error. Please try again.'));
    xhr.onabort = () => reject(new ApiError(0, 'Aborted', 'Upload cancelled'));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        reject(new ApiError(xhr.status, 'InternalError', 'Oops! Something Went Wrong'));
        return;
      }
      // Any JSON may come back (null, a list): only an object is an envelope.
      const envelope = isRecord(body) ? body : {};
      const status = statusSchema.safeParse(envelope.status);
      if (!status.success) {
        reject(new ApiError(xhr.status, 'InternalError', 'Oops! Something Went Wrong'));
        return;
      }
      if (!status.data.success) {
        if (xhr.status === 401 && token) useSessionStore.getState().clear();
        reject(new ApiError(xhr.status, status.data.error, status.data.message));
        return;
      }
      const data = dataSchema.safeParse(envelope.data);
      if (!data.success) {
        reject(new ApiError(xhr.status, 'InternalError', 'Oops! Something Went Wrong'));
        return;
      }
      options.onProgress?.(100);
      resolve(data.data);
    };
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
