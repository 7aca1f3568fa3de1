import type { EstimateModel } from "../lib/estimate"
import type { Estimate } from "../lib/forms/estimate-payload"
import type { QuoteWords } from "../lib/estimate-quote"
import { readEstimate, readEstimateIn } from "./estimate-figures"
import { ESTIMATE, FORMS, HONEYPOT, MIN_FILL_MS, FILL_TIME, type FieldRule, type FormKind, type FormValues } from "../lib/forms/fields"
import { checkField, type FieldCode } from "../lib/forms/field-check"

/** A field's faults (src/lib/forms/field-check.ts, the same check the page runs before sending) and the whole submission's */
export type ErrorCode = FieldCode | "spam" | "too_fast" | "invalid_estimate"

export interface FieldError {
  /** The form field at fault ("form" for the whole submission) */
  field: string
  code: ErrorCode
  /** Plain English for API clients and logs; the page shows its own words from content */
  message: string
}

export type Validation<K extends FormKind> = { ok: true; values: FormValues<K>; estimate?: Estimate } | { ok: false; errors: FieldError[] }

/** The plain English of each fault (FieldError.message; visitors and API clients get the content's words, copy.ts errorText) */
const FAULTS: Record<FieldCode, (field: string, rule: FieldRule, raw: unknown) => string> = {
  required: (field) => `${field} is required.`,
  too_long: (field, rule) => `${field} must be at most ${rule.max} characters.`,
  not_text: (field, _, raw) => (typeof raw === "string" ? `${field} contains control characters or bytes that are not UTF-8 text.` : `${field} must be text.`),
  line_break: (field) => `${field} must be a single line.`,
  invalid_email: (field) => `${field} must be an e-mail address like name@example.com.`,
  invalid_phone: (field) => `${field} must be a phone number (digits, spaces, + ( ) - . /).`,
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
    const result = checkField(rule, input[field])
    if ("code" in result) errors.push({ field, code: result.code, message: FAULTS[result.code](field, rule, input[field]) })
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
