// Base config load (d3 §4 'The base config is loaded and retried up to 3 times', SHELL-11).
import type { ApiClient } from '../../kernel/api.ts'
import type { BaseConfig } from './api.ts'

export const BASE_CONFIG_PATH = '/api/index/v2/getBaseConfigForIntoBag'
const BASE_CONFIG_RETRIES = 3
export const BASE_CONFIG_FAILED = 'getBaseConfig failed'

export interface RetryOptions {
  retries?: number
  /** wait before retry n (1-based); injectable so tests need no real time */
  wait?: (retry: number) => Promise<void>
}

/** A growing pause between tries, so a server that just restarted gets a moment. */
const backoff = (retry: number) => new Promise<void>((r) => setTimeout(r, 400 * retry))

/** One first try plus up to `retries` retries; then an Error whose message is 'getBaseConfig failed'. */
export async function fetchBaseConfig(api: ApiClient, appId: string, opts: RetryOptions = {}, fresh = false): Promise<BaseConfig> {
  const retries = opts.retries ?? BASE_CONFIG_RETRIES
  const wait = opts.wait ?? backoff
  for (let attempt = 0; ; attempt++) {
    try {
      // silent: the landing page shows the failure itself, once, instead of a toast per try
      const config = await api.post<BaseConfig | null>(BASE_CONFIG_PATH, { searchValue: appId }, { silent: true, fresh })
      return config ?? {}
    } catch (err) {
      if (attempt >= retries) throw new Error(BASE_CONFIG_FAILED, { cause: err })
      await wait(attempt + 1)
    }
  }
}

/** forcePayConfig.isFinished false (or 0) means the forced first payment is still due. */
export function needsForcePay(config: BaseConfig | null): boolean {
  const fp = config?.forcePayConfig
  return !!fp && (fp.isFinished === false || fp.isFinished === 0)
}
