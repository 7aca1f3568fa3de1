import { URLSearchParams } from "url"
import { TextDecoder } from "util"
import { MAX_FIELDS } from "../lib/forms/fields"

/**
 * A form post with more name=value pairs than any form of the site sends
 * (MAX_FIELDS): refused whole, 413, with the forms' own words naming the limit.
 */
export class TooManyFields extends Error {
  /** Read by Fastify's error handler, as its own refusals carry one */
  readonly statusCode = 413
  readonly code = "FORMS_TOO_MANY_FIELDS"
  constructor(readonly limit: number) {
    super(`A form post may carry at most ${limit} fields.`)
  }
}

/**
 * How many name=value pairs a urlencoded body holds, counted up to limit + 1
 * and no further: the pieces between "&" that are not empty (URLSearchParams
 * skips "&&"). One pass of indexOf, so a body costs its length at most.
 */
export function countPairs(body: string, limit: number): number {
  let count = 0
  let start = 0
  while (start <= body.length && count <= limit) {
    const end = body.indexOf("&", start)
    const stop = end === -1 ? body.length : end
    if (stop > start) count += 1
    if (end === -1) break
    start = end + 1
  }
  return count
}

/**
 * An application/x-www-form-urlencoded body as the form service reads it:
 * parsed by the WHATWG URL Standard's rules (URLSearchParams), which decode
 * each name and value from percent-encoded UTF-8 and turn every byte that is
 * not UTF-8 (an overlong %C0%AF, a surrogate %ED%A0%80, latin-1 %E9) into
 * U+FFFD, which submission-checks.ts refuses, naming the field. (@fastify/formbody's
 * parser kept such a value as the literal "%C3%28", which was then stored
 * and e-mailed.) A name given twice holds every value, in order, and is then
 * no text for validation; the object has no prototype, so no name can reach one.
 *
 * Linear in the body: a body with more than maxFields pairs is refused
 * (TooManyFields) after counting its separators, before anything is decoded,
 * and a repeated name's values are appended to one array, never copied (a
 * copy per repeat made 30,000 repeats of "a=" cost 95 s of the event loop).
 */
export function parseUrlencoded(body: string, maxFields = MAX_FIELDS): Record<string, string | string[]> {
  if (countPairs(body, maxFields) > maxFields) throw new TooManyFields(maxFields)
  const values: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>
  for (const [name, value] of new URLSearchParams(body)) {
    const earlier = values[name]
    if (earlier === undefined) values[name] = value
    else if (Array.isArray(earlier)) earlier.push(value)
    else values[name] = [earlier, value]
  }
  return values
}

/**
 * A urlencoded body as another parser left it (body-parser's qs, under Gatsby
 * Functions and gatsby-adapter-netlify), read by the rules above: qs keeps a
 * value whose escapes are not UTF-8 exactly as it came ("caf%C3%28"), which
 * would be stored and mailed so. A value whose escapes, read as bytes, are
 * not UTF-8 is decoded again here by the URL Standard, so those bytes become
 * U+FFFD and validation refuses the field. A value qs decoded is left alone,
 * also when its text holds a percent sign or something like an escape ("100%",
 * "a%20b", typed by a person, which the browser sent as %25); only a typed
 * escape that is itself not UTF-8 ("%E9") would be refused.
 */
export function redecodeLeftovers(body: unknown): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body
  const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>
  for (const [name, value] of Object.entries(body)) {
    values[name] =
      typeof value === "string" && escapesAreNotUtf8(value) ? new URLSearchParams(`v=${value.replace(/[&+#]/g, encodeURIComponent)}`).get("v") : value
  }
  return values
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true })

/** Whether the value's %XX escapes, taken as the bytes they name among the UTF-8 of the rest, are not UTF-8 */
function escapesAreNotUtf8(value: string): boolean {
  if (!/%[0-9A-Fa-f]{2}/.test(value)) return false
  const parts = value.split(/(%[0-9A-Fa-f]{2})/)
  const bytes = Buffer.concat(parts.map((part) => (/^%[0-9A-Fa-f]{2}$/.test(part) ? Buffer.from([parseInt(part.slice(1), 16)]) : Buffer.from(part, "utf8"))))
  try {
    strictUtf8.decode(bytes)
    return false
  } catch {
    return true
  }
}
