import type RateLimiterMemory from "rate-limiter-flexible/lib/RateLimiterMemory.js"
import { ACCEPTED_TYPES, header, html, json, limited, mediaType, redirect, refuse, wantsJson, wordsOf, type FormRequest, type FormResponse } from "./answers"
import type { FormsConfig } from "./environment"
import { errorText, fill, noticePath, storedLanguage, type Words } from "./copy"
import { LEAD_SOURCE_PARAM, LEAD_SOURCES } from "../lib/links"
import { IDEMPOTENCY_KEY, LEAD_PAGE, MAX_FIELDS, type FormKind } from "../lib/forms/fields"
import type { Outbox } from "./outbox"
import { formPage, type ShownError } from "./fallback-pages"
import type { LeadOrigin, Store } from "./store"
import { validateSubmission, type FieldError } from "./submission-checks"

const KEY_SHAPE = /^[A-Za-z0-9_-]{8,100}$/
const PAGE_PATH = /^\/[a-z0-9\-/]{0,100}$/

/**
 * Where a contact message's lead came from, first-party and without cookies:
 * the call to action named in the form page's address (/contact?from=product,
 * read from the post's Referer, so a plain form post has it too) and the
 * page before the form, which the page's script sends.
 */
function leadOrigin(request: FormRequest): LeadOrigin {
  let cta = "direct"
  try {
    const from = new URL(header(request, "referer")).searchParams.get(LEAD_SOURCE_PARAM)
    if (from && (LEAD_SOURCES as readonly string[]).includes(from)) cta = from
  } catch {
    // no Referer, or not a URL: nothing named
  }
  const page = typeof request.body === "object" && request.body !== null ? (request.body as Record<string, unknown>)[LEAD_PAGE] : undefined
  return typeof page === "string" && PAGE_PATH.test(page) ? { cta, page } : { cta }
}

/** The name=value pairs a decoded body stands for: one per name, one per value of a repeated name (an array) */
function fieldCount(body: unknown): number {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return 0
  let count = 0
  for (const value of Object.values(body)) count += Array.isArray(value) ? Math.max(1, value.length) : 1
  return count
}

function invalid(words: Words, kind: FormKind, request: FormRequest, errors: FieldError[], status = 422): FormResponse {
  const shown: ShownError[] = errors.map((error) => ({ field: error.field, text: errorText(kind, error, words) }))
  if (wantsJson(request)) {
    return json(status, {
      ok: false,
      message: words.forms.status.failed,
      errors: errors.map((error, index) => ({ field: error.field, code: error.code, message: shown[index]!.text })),
    })
  }
  const values = typeof request.body === "object" && request.body !== null ? (request.body as Record<string, unknown>) : {}
  return html(status, formPage(words, kind, values, shown))
}

/**
 * The posts of the contact form (with its estimate) and the subscribe form:
 * checked, stored, then handed on: a contact message to the outbox, an
 * address to subscribe (the subscription's, which owns the address's record).
 * The store, outbox and rate limiter are the service's own, shared with the
 * subscription links.
 */
export function createSubmission(
  config: FormsConfig,
  store: Store,
  outbox: Outbox,
  limiter: RateLimiterMemory,
  subscribe: (email: string, now: Date, words: Words) => Promise<void>,
) {
  async function submit(kind: FormKind, request: FormRequest): Promise<FormResponse> {
    // the language of the page the form was on: every answer, the form shown again, the notice page and the record's e-mails
    const words = wordsOf(request)
    const copy = words.forms
    if (request.method !== "POST") return refuse(request, 405, copy.errors.method_not_allowed, { Allow: "POST" })
    const rateLimited = await limited(limiter, kind, request)
    if (rateLimited) return rateLimited
    if (!ACCEPTED_TYPES.includes(mediaType(request))) return refuse(request, 415, copy.errors.unsupported_type, { Accept: ACCEPTED_TYPES.join(", ") })
    // more fields than any form has (a JSON object, or a web form another parser read): refused before anything is checked
    if (fieldCount(request.body) > MAX_FIELDS) return refuse(request, 413, fill(copy.errors.too_many_fields, { max: MAX_FIELDS }))
    const result = validateSubmission(kind, request.body, { requireFillTime: mediaType(request) === "application/json", estimate: words.estimates })
    // what is not text (not an object, invalid UTF-8, control characters) or an estimate that cannot be read is a malformed request: 400; a person's slip is 422
    if (!result.ok)
      return invalid(
        words,
        kind,
        request,
        result.errors,
        result.errors.some((error) => error.code === "not_text" || error.code === "invalid_estimate") ? 400 : 422,
      )

    const body = request.body as Record<string, unknown>
    const rawKey = header(request, "idempotency-key") || body[IDEMPOTENCY_KEY]
    if (rawKey !== undefined && rawKey !== "" && (typeof rawKey !== "string" || !KEY_SHAPE.test(rawKey))) {
      return refuse(request, 400, `${IDEMPOTENCY_KEY} must be 8 to 100 letters, digits, - or _.`)
    }
    const now = new Date()
    const saved = await store.save(kind, result.values, {
      idempotencyKey: rawKey || undefined,
      ip: request.ip,
      now,
      estimate: result.estimate,
      ...storedLanguage(words),
      ...(kind === "contact" ? { source: leadOrigin(request) } : {}),
    })
    if (kind === "contact") {
      // stored: the e-mail now, within a bounded wait, where the process may be frozen once it has answered
      if (!saved.duplicate && config.sendWithinMs > 0) await outbox.sendNow({ kind: "contact", id: saved.id }, config.sendWithinMs)
      else if (!saved.duplicate) outbox.enqueue({ kind: "contact", id: saved.id })
    } else {
      // A repeat too: when the first post was answered 503 because its address
      // could not be written (the store was down after the save), the client's
      // retry with the same key is what writes it. For an address already
      // pending or confirmed, subscribe() sends nothing within the cooldown.
      const email = saved.duplicate ? (await store.get("subscribe", saved.id))?.values.email : result.values.email
      if (email) await subscribe(email, now, words)
    }

    if (!wantsJson(request)) return redirect(noticePath(kind === "contact" ? "contact-sent" : "subscribe-pending", words))
    const message = kind === "contact" ? copy.status.contactSent : fill(copy.status.subscribeSent, { email: result.values.email as string })
    return json(saved.duplicate ? 200 : kind === "contact" ? 201 : 202, { ok: true, id: saved.id, duplicate: saved.duplicate, message })
  }

  return { submit }
}
