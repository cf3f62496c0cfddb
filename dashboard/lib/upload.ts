import { useSessionStore } from './session-store';

interface Envelope<T> {
  status?: { success?: boolean; message?: string };
  data?: T;
}

/**
 * Posts a form with upload progress (fetch cannot report it): resolves with the envelope's data,
 * rejects with the server's message or the spec's 'Failed to upload file'.
 */
export function uploadForm<T>(path: string, form: FormData, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    const token = useSessionStore.getState().token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let body: Envelope<T> = {};
      try {
        body = JSON.parse(xhr.responseText) as Envelope<T>;
      } catch {
        // not JSON: fall through to the generic failure
      }
      if (body.status?.success) {
        onProgress(100);
        resolve(body.data as T);
      } else reject(new Error(body.status?.message ?? 'Failed to upload file'));
    };
    xhr.onerror = () => reject(new Error('Network error. Please try again.'));
    xhr.send(form);
  });
}
