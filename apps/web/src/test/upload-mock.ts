import { vi } from 'vitest';

export interface SentUpload {
  url: string;
  body: FormData;
}

/**
 * Replaces XMLHttpRequest (what `apiUpload` sends multipart bodies with) by
 * just enough of it: a progress event at half way, then `answer(url)` as
 * `[status, body]`. Returns the uploads sent, for assertions; undo with
 * `vi.unstubAllGlobals()`.
 */
export function mockUploads(answer: (url: string) => [number, unknown]): SentUpload[] {
  const sent: SentUpload[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      sent.push({ url: this.url, body });
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
        const [status, data] = answer(this.url);
        this.status = status;
        this.responseText = JSON.stringify(data);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
