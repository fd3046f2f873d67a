// json-server 0.17 ships no types; the harness uses only create, router and defaults.
declare module 'json-server' {
  import type { RequestListener } from 'node:http'
  type Middleware = (req: any, res: any, next: (err?: unknown) => void) => void
  type ErrorMiddleware = (err: unknown, req: any, res: any, next: (err?: unknown) => void) => void
  interface App extends RequestListener {
    use(...handlers: Array<string | Middleware | ErrorMiddleware | Middleware[]>): App
  }
  interface Router extends Middleware {
    /** the lowdb v1 instance (lodash chain) */
    db: any
    /** express's layer list */
    stack: Array<{ handle: { length: number } }>
    /** how an answer is sent (replaceable) */
    render: (req: any, res: any) => void
  }
  const jsonServer: {
    create(): App
    router(source: string | object, opts?: { foreignKeySuffix?: string }): Router
    defaults(opts?: { static?: string; logger?: boolean; noCors?: boolean; noGzip?: boolean; readOnly?: boolean }): Middleware[]
    bodyParser: Middleware[]
  }
  export default jsonServer
}

// lowdb v1 (json-server's store): low(adapter) gives the lodash-chain database.
declare module 'lowdb' {
  const low: (adapter: { read(): unknown; write(state: any): unknown }) => any
  export default low
}
