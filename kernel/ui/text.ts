// Strings of the kernel's own UI. They live in locales/<lang>/kernel-ui.json (and a few shared
// ones in kernel.json), merged by the i18n under the 'kernel-ui' namespace. Should a build's
// i18n not know a key, the English text shows rather than the bare key.
import { useCallback } from 'react'
import { useT } from '../hooks.ts'
import uiEn from '../../locales/en/kernel-ui.json'
import kernelEn from '../../locales/en/kernel.json'

const fallback: Record<string, Record<string, string>> = { 'kernel-ui': uiEn, kernel: kernelEn }

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
