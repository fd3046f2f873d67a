// JSON from outside the first screen's reach (a push, an IM attachment) is parsed without the keys that turn
// data into behaviour: __proto__, constructor and prototype (prototype pollution once merged), and
// toString, valueOf and toJSON (an object whose toString is not a function throws wherever it meets
// Number(), String() or a template). No message of the protocol uses them. API answers are parsed
// by the web cipher, which the first screen carries, so their guards (kernel/guard.ts) do this.
const HOSTILE_KEY = /^(__proto__|constructor|prototype|toString|valueOf|toJSON)$/

export const parseJson = (text: string): unknown => JSON.parse(text, (key, value) => (HOSTILE_KEY.test(key) ? undefined : value))
