// INTERFACE ONLY for now: implemented by the kernel network work (NET-01..04).
export interface RequestOptions {
  /** ms; default 30 000 (host and live lists pass 6 000) */
  timeout?: number
  /** do not toast server errors (the caller handles them); NET-02 'unless suppressed' */
  silent?: boolean
  /** codes to hand back as a value instead of throwing, e.g. ['1111'] */
  passCodes?: string[]
}

/** What api.post rejects with. kind says which branch of the d1 §8 catalogue applied. */
export interface ApiErrorShape {
  kind: 'code' | 'http' | 'network' | 'timeout' | 'decrypt'
  code?: string
  status?: number
  /** the user-facing text that was (or would have been) toasted */
  message: string
  path: string
}

export interface PassedCode {
  passedCode: string
  msg: string
}

export interface ApiClient {
  /** POST path with payload encrypted; resolves with the decrypted result (or a PassedCode) */
  post<T = unknown>(path: string, payload?: unknown, opts?: RequestOptions): Promise<T>
}

// Factory to implement (kernel/index.ts calls it):
// export function createApiClient(opts: {
//   config: AppConfig; session: Session; lang: () => Locale; events: Events; bridge: NativeBridge;
//   toast: (text: string, o?: ToastOptions) => void; t: (key: string) => string;
//   http?: typeof redaxios  // injectable for tests
// }): ApiClient
// export class ApiError extends Error implements ApiErrorShape {}
