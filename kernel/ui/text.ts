// Strings of the kernel's own UI. They live in locales/<lang>/kernel-ui.json (loaded after the first
// screen, or with the first page or overlay that is not it) and a few shared ones in kernel.json (in
// the first bundle). Should the i18n not know a 'kernel.' key, the English text shows, not the key.
import { useCallback } from 'react'
import { useT } from '../hooks.ts'
import kernelEn from '../../locales/en/kernel.json'

const fallback: Record<string, Record<string, string>> = { kernel: kernelEn }

/** English text of a 'kernel.x' or 'kernel-ui.x' key. */
function englishText(key: string): string {
  const dot = key.indexOf('.')
  return fallback[key.slice(0, dot)]?.[key.slice(dot + 1)] ?? key
}

/** t() for the kernel's UI strings, falling back to English when the key is unknown. */
export function useText(): (key: string) => string {
  const t = useT()
  return useCallback((key: string) => {
    const s = t(key)
    return s && s !== key ? s : englishText(key)
  }, [t])
}
