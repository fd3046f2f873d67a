// The calls plugin's texts (keys under 'calls.'), kept in locales/<lang>/calls.json. The d1 §8
// call toasts are quoted exactly.
import en from '../../locales/en/calls.json'
import ar from '../../locales/ar/calls.json'

export { en, ar }
export type ToastKey = keyof typeof en.toast
