/**
 * An application/x-www-form-urlencoded body as the form service reads it:
 * parsed by the WHATWG URL Standard's rules (URLSearchParams), which decode
 * each name and value from percent-encoded UTF-8 and turn every byte that is
 * not UTF-8 (an overlong %C0%AF, a surrogate %ED%A0%80, latin-1 %E9) into
 * U+FFFD, which validate.ts refuses, naming the field. (@fastify/formbody's
 * parser kept such a value as the literal "%C3%28", which was then stored
 * and e-mailed.) A name given twice holds every value, in order, and is then
 * no text for validation; the object has no prototype, so no name can reach one.
 */
export function parseUrlencoded(body: string): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>
  for (const [name, value] of new URLSearchParams(body)) {
    const earlier = values[name]
    values[name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value]
  }
  return values
}
