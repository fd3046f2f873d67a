// The wire's `data` (a request's body field and an answer's result): one ciphertext of the whole
// JSON ('whole', the default), or an object whose every field holds the ciphertext of that field's
// JSON ('fields'). The spec says "encrypted JSON body" and settles neither (docs/assumptions.md), so
// what is sent follows the app-config switch `wireData`, and what arrives is read either way.
export type WireData = 'whole' | 'fields'

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)

/** the payload as the wire carries it; a payload that is not an object goes whole in either mode */
export async function sealData(value: unknown, how: WireData | undefined, seal: (v: unknown) => string | Promise<string>): Promise<string | Record<string, string>> {
  if (how !== 'fields' || !isPlainObject(value)) return seal(value)
  const entries = await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await seal(v)] as const))
  return Object.fromEntries(entries)
}

/** the result from the wire's data: a ciphertext string whole, an object field by field (a field
 *  that is not a string is taken as it is) */
export async function openData<T>(data: unknown, open: (text: string) => unknown): Promise<T> {
  if (typeof data === 'string') return (await open(data)) as T
  if (!isPlainObject(data)) throw new TypeError('the answer data is neither a ciphertext nor an object of ciphertexts')
  const entries = await Promise.all(Object.entries(data).map(async ([k, v]) => [k, typeof v === 'string' ? await open(v) : v] as const))
  return Object.fromEntries(entries) as T
}
