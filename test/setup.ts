// Loaded before every unit test file: a DOM (happy-dom), React's act() environment, and .css and .svg imports as text.
import { register } from 'node:module'
import { GlobalRegistrator } from '@happy-dom/global-registrator'

register('./css-hooks.mjs', import.meta.url)
if (!(globalThis as any).window) GlobalRegistrator.register({ url: 'http://localhost/', width: 390, height: 844 })
;(globalThis as any).IS_REACT_ACT_ENVIRONMENT = true
