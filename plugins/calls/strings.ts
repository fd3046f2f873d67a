// The calls plugin's texts (keys under 'calls.'), kept in locales/<lang>/calls.json. The d1 §8
// call toasts are quoted exactly.
import en from '../../locales/en/calls.json'

export { en }
export type ToastKey = keyof typeof en.toast
