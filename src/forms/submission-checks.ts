import type { EstimateModel } from "../lib/estimate"
import type { Estimate } from "../lib/forms/estimate-payload"
import type { QuoteWords } from "../lib/estimate-quote"
import { readEstimate, readEstimateIn } from "./estimate-figures"
import { ESTIMATE, FORMS, HONEYPOT, MIN_FILL_MS, FILL_TIME, type FieldRule, type FormKind, type FormValues } from "../lib/forms/fields"

export type ErrorCode = "required" | "too_long" | "invalid_email" | "invalid_phone" | "line_break" | "not_text" | "spam" | "too_fast" | "invalid_estimate"

export interface FieldError {
  /** The form field at fault ("form" for the whole submission) */
  field: string
  code: ErrorCode
  /** Plain English for API clients and logs; the page shows its own words from content */
  message: string
}

export type Validation<K extends FormKind> = { ok: true; values: FormValues<K>; estimate?: Estimate } | { ok: false; errors: FieldError[] }

// One address: no spaces or line breaks, one @, a dot in the domain, no dot at either end of it.
const EMAIL = /^[^\s@"<>(),;:\\[\]]+@[^\s@"<>(),;:\\[\]]+\.[^\s@"<>(),;:\\[\].]{2,}$/
// Digits with the usual separators: +1 (555) 010-0142, 0555 010 0142
const PHONE = /^\+?[0-9 ()./-]{6,40}$/
const LINE_BREAK = /[\r\n\u2028\u2029]/
// Control characters other than tab and line breaks never belong in a form field:
// C0, DEL and C1 (U+0080-U+009F, which some terminals and mail clients act on).
// eslint-disable-next-line no-control-regex -- the control characters a form field may not carry
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/
// U+FFFD is what a body's invalid UTF-8 decodes to: bytes that were not text
const UNREADABLE = /\uFFFD/
// Half of a surrogate pair on its own (JSON's "\ud800"): no character at all,
// and written out as UTF-8 it would turn into U+FFFD on the way to the store
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

function checkField(field: string, rule: FieldRule, raw: unknown): { value: string } | FieldError {
  if (raw !== undefined && typeof raw !== "string") {
    return { field, code: "not_text", message: `${field} must be text.` }
  }
  const value = (raw ?? "").replace(/\r\n/g, "\n").trim()
  if (!value) {
    return rule.required ? { field, code: "required", message: `${field} is required.` } : { value }
  }
  if ([...value].length > rule.max) return { field, code: "too_long", message: `${field} must be at most ${rule.max} characters.` }
  if (CONTROL.test(value)) return { field, code: "not_text", message: `${field} contains control characters.` }
  if (UNREADABLE.test(value) || LONE_SURROGATE.test(value)) return { field, code: "not_text", message: `${field} contains bytes that are not UTF-8 text.` }
  if (rule.kind !== "multiline" && LINE_BREAK.test(value)) {
    return { field, code: "line_break", message: `${field} must be a single line.` }
  }
  if (rule.kind === "email" && !EMAIL.test(value)) return { field, code: "invalid_email", message: `${field} must be an e-mail address like name@example.com.` }
  if (rule.kind === "phone" && (!PHONE.test(value) || (value.match(/[0-9]/g) ?? []).length < 6)) {
    return { field, code: "invalid_phone", message: `${field} must be a phone number (digits, spaces, + ( ) - . /).` }
  }
  return { value }
}

/**
 * The contact form's optional estimate: nothing when absent or empty, else
 * the estimate as the site makes it of the posted inputs, or the reason it
 * cannot be read or its figures are not the site's. Machine-made, so a
 * fault in it is a malformed request (400), not a person's slip.
 */
function checkEstimate(raw: unknown, contents?: readonly (EstimateModel & QuoteWords)[]): { estimate?: Estimate } | FieldError {
  if (raw === undefined || (typeof raw === "string" && raw.trim() === "")) return {}
  const reading = typeof raw !== "string" ? { ok: false as const, reason: "it is not text" } : contents ? readEstimateIn(raw, contents) : readEstimate(raw)
  if (reading.ok) return { estimate: reading.estimate }
  return { field: ESTIMATE, code: "invalid_estimate", message: `${ESTIMATE} could not be read: ${reading.reason}.` }
}

/**
 * Checks a decoded form body (urlencoded or JSON, as a plain object) against
 * the form's rules: every rule the browser enforces, and more (lengths, single
 * lines, e-mail and phone shapes, no control characters, the honeypot and the
 * minimum fill time), and a contact message's estimate if it carries one,
 * which comes back parsed beside the values. The page's script always
 * reports how long the form was on screen, and sends JSON: a JSON post
 * without that figure is refused. A plain form post (no JavaScript) cannot
 * carry it, so there the honeypot and the rate limit stand alone. An
 * estimate is read in the words of the language the form was sent in or of
 * any other the site has (estimate: the estimate files, the form's
 * language's first; English's alone by default): the page that made it may
 * have been another language's.
 */
export function validateSubmission<K extends FormKind>(
  kind: K,
  body: unknown,
  { requireFillTime = false, estimate: estimateContents }: { requireFillTime?: boolean; estimate?: readonly (EstimateModel & QuoteWords)[] } = {},
): Validation<K> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, errors: [{ field: "form", code: "not_text", message: "The body must be a form or a JSON object." }] }
  }
  const input = body as Record<string, unknown>
  const errors: FieldError[] = []
  const values: Record<string, string> = {}
  for (const [field, rule] of Object.entries(FORMS[kind]) as [string, FieldRule][]) {
    const result = checkField(field, rule, input[field])
    if ("code" in result) errors.push(result)
    else values[field] = result.value
  }
  let estimate: Estimate | undefined
  if (kind === "contact") {
    const result = checkEstimate(input[ESTIMATE], estimateContents)
    if ("code" in result) errors.push(result)
    else estimate = result.estimate
  }
  const trap = input[HONEYPOT]
  if (trap !== undefined && trap !== "") errors.push({ field: "form", code: "spam", message: "The submission was refused." })
  const filled = input[FILL_TIME]
  if (requireFillTime || (filled !== undefined && filled !== "")) {
    const ms = typeof filled === "string" || typeof filled === "number" ? Number(filled) : Number.NaN
    if (!Number.isFinite(ms) || ms < MIN_FILL_MS) errors.push({ field: "form", code: "too_fast", message: "The form was sent too quickly; please try again." })
  }
  if (errors.length > 0) return { ok: false, errors }
  return estimate ? { ok: true, values: values as FormValues<K>, estimate } : { ok: true, values: values as FormValues<K> }
}
