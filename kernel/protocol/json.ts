// JSON from outside (an API answer, a push, an IM attachment) is parsed without the keys that turn
// data into behaviour: __proto__, constructor and prototype (prototype pollution once merged), and
// toString, valueOf and toJSON (an object whose toString is not a function throws wherever it meets
// Number(), String() or a template). No message of the protocol uses them.
const HOSTILE_KEY = /^(__proto__|constructor|prototype|toString|valueOf|toJSON)$/

export const parseJson = (text: string): unknown => JSON.parse(text, (key, value) => (HOSTILE_KEY.test(key) ? undefined : value))
