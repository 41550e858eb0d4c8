// The upload boundary of the browser-side tests: a stand-in XMLHttpRequest the test drives (progress events, the server's answer).

export class FakeUpload {
  onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null = null;
}

export class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  upload = new FakeUpload();
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }

  /** Test side: bytes leave the browser. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  /** Test side: the server answers. */
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  /** The file sent in the multipart field `file`. */
  get file(): File | null {
    return this.body instanceof FormData ? (this.body.get('file') as File | null) : null;
  }
}

/** Installs FakeXhr and object-URL stubs (jsdom has neither a server nor URL.createObjectURL). */
export function installFakeXhr() {
  const original = window.XMLHttpRequest;
  const originalCreate = URL.createObjectURL;
  const originalRevoke = URL.revokeObjectURL;
  beforeEach(() => {
    FakeXhr.instances = [];
    window.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
    let n = 0;
    URL.createObjectURL = jest.fn(() => `blob:preview-${(n += 1)}`);
    URL.revokeObjectURL = jest.fn();
  });
  afterEach(() => {
    window.XMLHttpRequest = original;
    URL.createObjectURL = originalCreate;
    URL.revokeObjectURL = originalRevoke;
  });
}

export const pngFile = (name = 'product.png', bytes = 2048) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });
