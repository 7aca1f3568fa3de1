import { createHash, randomBytes, timingSafeEqual } from "crypto"
// Deep imports: the package's index also loads its Redis, Mongo, SQL... limiters, which a bundle does not need;
// with the file extension, which Node's ES module loader needs (the scheduled drain is an ES module on Netlify)
import RateLimiterMemory from "rate-limiter-flexible/lib/RateLimiterMemory.js"
import RateLimiterRes from "rate-limiter-flexible/lib/RateLimiterRes.js"
import { readConfig, type FormsConfig } from "./config"
import { copy, errorText, fill, noticePath } from "./copy"
import { LEAD_SOURCE_PARAM, LEAD_SOURCES } from "../lib/links"
import { IDEMPOTENCY_KEY, LEAD_PAGE, type FormKind } from "./fields"
import { createOutbox, type Logger } from "./outbox"
import { purge } from "./privacy"
import { confirmPage, formPage, invalidLinkPage, invalidUnsubscribePage, messagePage, unsubscribePage, type ShownError } from "./pages"
import { createStore, locks as storeLocks, subscriberKey, sweepTemporaryFiles, unsubscribeToken, type LeadOrigin, type Store, type Subscriber } from "./store"
import { createBlobStore } from "./store-blobs"
import { validateSubmission, type FieldError } from "./validate"

/** A request as any server hands it over: the body already decoded from urlencoded or JSON by the framework. */
export interface FormRequest {
  method: string
  headers: Record<string, string | string[] | undefined>
  /** Decoded body: an object for urlencoded and JSON; anything else for other types */
  body: unknown
  /** Query string parameters */
  query?: Record<string, unknown>
  /** The client's address */
  ip: string
}

export interface FormResponse {
  status: number
  headers: Record<string, string>
  body: string
}

export type Endpoint = FormKind | "subscribe-confirm" | "unsubscribe"

/**
 * The body size the endpoints accept (and Gatsby Functions' own default): a
 * contact message with every field at its limits and an estimate at its own
 * (src/forms/estimate.ts), percent-encoded, comes to about 94 kB at worst,
 * every character a multi-byte one; __tests__/forms/estimate.test.ts posts it.
 */
export const BODY_LIMIT_BYTES = 100 * 1024

const ACCEPTED_TYPES = ["application/x-www-form-urlencoded", "application/json"]
const KEY_SHAPE = /^[A-Za-z0-9_-]{8,100}$/
const TOKEN_SHAPE = /^([0-9a-f]{64})\.([A-Za-z0-9_-]{43})$/

/** A secret no subscriber has: what an unknown address's token is compared against */
const UNKNOWN_SECRET = randomBytes(32).toString("base64url")
/** Compares two texts in a time that depends on neither (their SHA-256 digests, compared in constant time) */
const sameDigest = (a: string, b: string) => timingSafeEqual(createHash("sha256").update(a).digest(), createHash("sha256").update(b).digest())

const header = (request: FormRequest, name: string): string => {
  const value = request.headers[name]
  return (Array.isArray(value) ? value[0] : value) ?? ""
}
const mediaType = (request: FormRequest) => header(request, "content-type").split(";")[0]!.trim().toLowerCase()

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

/** A script asks for JSON (Accept or a JSON body); a plain form post gets pages and redirects. */
function wantsJson(request: FormRequest): boolean {
  return /application\/json/i.test(header(request, "accept")) || mediaType(request) === "application/json"
}

const NO_STORE = { "Cache-Control": "no-store" }

function json(status: number, body: object, headers: Record<string, string> = {}): FormResponse {
  return { status, headers: { ...NO_STORE, "Content-Type": "application/json; charset=utf-8", ...headers }, body: JSON.stringify(body) }
}

function html(status: number, body: string, headers: Record<string, string> = {}): FormResponse {
  return { status, headers: { ...NO_STORE, "Content-Type": "text/html; charset=utf-8", ...headers }, body }
}

function redirect(location: string): FormResponse {
  return { status: 303, headers: { ...NO_STORE, Location: location }, body: "" }
}

/** A refusal: JSON for scripts, a page for browsers, the message in the content's words either way. */
function refuse(request: FormRequest, status: number, message: string, headers: Record<string, string> = {}): FormResponse {
  return wantsJson(request) ? json(status, { ok: false, message }, headers) : html(status, messagePage(copy.errorPage.title, message), headers)
}

/** The store the configuration names: files under dataDir, or a Netlify Blobs store. */
export function openStore(config: FormsConfig): Store {
  const { store } = config
  if (store.backend === "files") return createStore(config.dataDir)
  const { backend: _backend, ...options } = store
  return createBlobStore(options)
}

/**
 * The forms' whole server side, independent of any framework: checks a post,
 * writes it durably, answers, and hands delivery to the outbox. The Gatsby
 * Functions in src/api/ and the production server only translate their
 * request and response objects to and from FormRequest and FormResponse.
 */
export function createFormService(config: FormsConfig, log: Logger = console) {
  const store = openStore(config)
  const outbox = createOutbox(config, store, log)
  const limiter = new RateLimiterMemory({ points: config.rateLimit.points, duration: config.rateLimit.windowS })
  const locks = new Map<string, Promise<unknown>>()
  // Before the first request touches the store: the temporary files a crash left behind go
  const swept = (async () => {
    if (config.store.backend !== "files") return
    const removed = await sweepTemporaryFiles(config.dataDir)
    if (removed > 0) log.warn(`forms: removed ${removed} temporary file${removed > 1 ? "s" : ""} an earlier crash or full disk left in ${config.dataDir}.`)
  })().catch((error: Error) => log.error(`forms: could not clear temporary files at start: ${error.message}`))
  // the decoy record exists before the first lookup of an unknown address needs it
  const started = swept.then(() => Promise.all([outbox.start(), store.readDecoy()])).catch((error: Error) => log.error(`forms: could not read the store at start: ${error.message}`))
  // Retention (privacy.ts): at start, then once a day
  const applyRetention = async () => {
    try {
      const report = await purge(store, config.retention)
      const removed = Object.entries(report).filter(([, count]) => count > 0)
      log.info(`forms: retention applied: ${removed.length ? removed.map(([what, count]) => `${count} ${what}`).join(", ") : "nothing was past its time"}.`)
    } catch (error) {
      log.error(`forms: could not apply the retention rules: ${(error as Error).message}`)
    }
  }
  const purged = started.then(applyRetention)
  const daily = setInterval(() => void applyRetention(), 86_400_000)
  daily.unref()

  /**
   * Runs fn after every earlier fn with the same key (read-modify-write of one
   * subscriber file), holding the store's lock on the address too, so an
   * erasure in another process (forget) never interleaves with it.
   */
  function withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = locks.get(key) ?? Promise.resolve()
    const locked = () => store.lock(storeLocks.subscriber(key), fn)
    const next = previous.then(locked, locked)
    const settled = next.catch(() => undefined)
    locks.set(key, settled)
    void settled.then(() => locks.get(key) === settled && locks.delete(key))
    return next
  }

  async function limited(endpoint: Endpoint, request: FormRequest): Promise<FormResponse | undefined> {
    try {
      await limiter.consume(`${endpoint}:${request.ip}`)
      return undefined
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))
      return { ...refuse(request, 429, fill(copy.errors.rate_limited, { minutes: Math.ceil(seconds / 60) }), { "Retry-After": String(seconds) }) }
    }
  }

  function invalid(kind: FormKind, request: FormRequest, errors: FieldError[], status = 422): FormResponse {
    const shown: ShownError[] = errors.map((error) => ({ field: error.field, text: errorText(kind, error) }))
    if (wantsJson(request)) {
      return json(status, { ok: false, message: copy.status.failed, errors: errors.map((error, index) => ({ field: error.field, code: error.code, message: shown[index]!.text })) })
    }
    const values = typeof request.body === "object" && request.body !== null ? (request.body as Record<string, unknown>) : {}
    return html(status, formPage(kind, values, shown))
  }

  /** A new subscription, pending its confirmation e-mail */
  const fresh = (email: string, at: string): Subscriber => ({
    email,
    status: "pending",
    secret: randomBytes(32).toString("base64url"),
    firstRequestedAt: at,
    lastRequestedAt: at,
    confirmationsRequested: 1,
    mailDue: true,
    mailAttempts: 0,
  })

  async function subscribe(email: string, now: Date): Promise<void> {
    const key = subscriberKey(email)
    const mailDue = await withLock(key, async () => {
      const existing = await store.subscriber(key)
      const at = now.toISOString()
      if (!existing) {
        await store.setSubscriber(fresh(email, at))
        return true
      }
      // After an unsubscribe (which only the address's owner can do, from a
      // link in their mail), a new subscription starts afresh: a new secret, so
      // the old links stop working, and a new confirmation
      if (existing.status === "unsubscribed") {
        await store.setSubscriber({ ...fresh(email, at), mailAttempts: existing.mailAttempts })
        return true
      }
      // Nothing new to send: the record is written back as it is, so a known
      // address costs the same store work as a new one and the answer's time
      // does not tell them apart
      const since = now.getTime() - Date.parse(existing.lastRequestedAt)
      if (existing.status === "confirmed" || existing.mailDue || since < config.confirm.cooldownS * 1000 || existing.confirmationsRequested >= config.confirm.max) {
        await store.setSubscriber(existing)
        return false
      }
      await store.setSubscriber({ ...existing, lastRequestedAt: at, confirmationsRequested: existing.confirmationsRequested + 1, mailDue: true })
      return true
    })
    if (!mailDue) return
    if (config.sendWithinMs > 0) await outbox.sendNow({ kind: "confirm", key }, config.sendWithinMs)
    else outbox.enqueue({ kind: "confirm", key })
  }

  async function submit(kind: FormKind, request: FormRequest): Promise<FormResponse> {
    if (request.method !== "POST") return refuse(request, 405, copy.errors.method_not_allowed, { Allow: "POST" })
    const rateLimited = await limited(kind, request)
    if (rateLimited) return rateLimited
    if (!ACCEPTED_TYPES.includes(mediaType(request))) return refuse(request, 415, copy.errors.unsupported_type, { Accept: ACCEPTED_TYPES.join(", ") })
    const result = validateSubmission(kind, request.body, { requireFillTime: mediaType(request) === "application/json" })
    // what is not text (not an object, invalid UTF-8, control characters) or an estimate that cannot be read is a malformed request: 400; a person's slip is 422
    if (!result.ok) return invalid(kind, request, result.errors, result.errors.some((error) => error.code === "not_text" || error.code === "invalid_estimate") ? 400 : 422)

    const body = request.body as Record<string, unknown>
    const rawKey = header(request, "idempotency-key") || body[IDEMPOTENCY_KEY]
    if (rawKey !== undefined && rawKey !== "" && (typeof rawKey !== "string" || !KEY_SHAPE.test(rawKey))) {
      return refuse(request, 400, `${IDEMPOTENCY_KEY} must be 8 to 100 letters, digits, - or _.`)
    }
    const now = new Date()
    const saved = await store.save(kind, result.values, { idempotencyKey: rawKey || undefined, ip: request.ip, now, estimate: result.estimate, ...(kind === "contact" ? { source: leadOrigin(request) } : {}) })
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
      if (email) await subscribe(email, now)
    }

    if (!wantsJson(request)) return redirect(noticePath(kind === "contact" ? "contact-sent" : "subscribe-pending"))
    const message = kind === "contact" ? copy.status.contactSent : fill(copy.status.subscribeSent, { email: result.values.email as string })
    return json(saved.duplicate ? 200 : kind === "contact" ? 201 : 202, { ok: true, id: saved.id, duplicate: saved.duplicate, message })
  }

  /**
   * The subscriber a link's token names, or undefined when the token names
   * none: the same store read and the same constant-time comparison for a
   * known and an unknown address (against a secret nobody holds), so the time
   * of the answer does not tell whether an address is subscribed. expected
   * gives what the token must be for a subscriber's key and secret.
   */
  async function holderOf(token: unknown, expected: (key: string, secret: string) => string): Promise<{ key: string; token: string; subscriber: Subscriber } | undefined> {
    const match = typeof token === "string" ? TOKEN_SHAPE.exec(token) : null
    if (!match) return undefined
    const key = match[1]!
    // the decoy is read beside every lookup: a known address's record and an
    // unknown one's missing file then both take as long as the decoy's read
    const [subscriber] = await Promise.all([store.subscriber(key), store.readDecoy()])
    const matches = sameDigest(expected(key, subscriber?.secret ?? UNKNOWN_SECRET), token as string)
    return subscriber && matches ? { key, token: token as string, subscriber } : undefined
  }

  /**
   * A link whose token names no subscriber counts against the visitor's rate
   * limit; a valid one never does: mail providers send one-click unsubscribes
   * for many people from a few addresses of their own (RFC 8058).
   */
  async function refuseInvalidLink(endpoint: Endpoint, request: FormRequest, invalidLink: () => FormResponse): Promise<FormResponse> {
    return (await limited(endpoint, request)) ?? invalidLink()
  }

  /** GET shows a confirm button for the link in the e-mail; POST of its token confirms. */
  async function confirm(request: FormRequest): Promise<FormResponse> {
    if (request.method !== "GET" && request.method !== "POST") return refuse(request, 405, copy.errors.method_not_allowed, { Allow: "GET, POST" })
    const source = request.method === "GET" ? request.query : request.body
    const token = typeof source === "object" && source !== null ? (source as Record<string, unknown>).token : undefined
    const invalidLink = () => (wantsJson(request) ? json(404, { ok: false, message: copy.confirmPage.invalidText }) : html(404, invalidLinkPage()))
    const holder = await holderOf(token, (key, secret) => `${key}.${secret}`)
    if (!holder || holder.subscriber.status === "unsubscribed") return refuseInvalidLink("subscribe-confirm", request, invalidLink)
    const { key, subscriber } = holder
    if (request.method === "GET") return html(200, confirmPage(subscriber.email, holder.token))
    if (request.method === "POST" && !ACCEPTED_TYPES.includes(mediaType(request))) return refuse(request, 415, copy.errors.unsupported_type)
    await withLock(key, async () => {
      const current = await store.subscriber(key)
      if (current && current.status !== "confirmed") await store.setSubscriber({ ...current, status: "confirmed", confirmedAt: new Date().toISOString(), mailDue: false })
    })
    return wantsJson(request) ? json(200, { ok: true }) : redirect(noticePath("subscribe-confirmed"))
  }

  /**
   * The unsubscribe link of every e-mail to a subscriber. GET shows a button
   * and changes nothing (mail scanners open links); POST unsubscribes: the
   * button's form, or a mail client's one-click POST (RFC 8058: body
   * List-Unsubscribe=One-Click, the token in the link's query). A repeat is
   * harmless; an address unsubscribed is never counted as confirmed again.
   */
  async function unsubscribe(request: FormRequest): Promise<FormResponse> {
    if (request.method !== "GET" && request.method !== "POST") return refuse(request, 405, copy.errors.method_not_allowed, { Allow: "GET, POST" })
    const field = (source: unknown) => (typeof source === "object" && source !== null ? (source as Record<string, unknown>).token : undefined)
    const token = request.method === "POST" ? (field(request.body) ?? field(request.query)) : field(request.query)
    const invalidLink = () => (wantsJson(request) ? json(404, { ok: false, message: copy.unsubscribePage.invalidText }) : html(404, invalidUnsubscribePage()))
    const holder = await holderOf(token, unsubscribeToken)
    if (!holder) return refuseInvalidLink("unsubscribe", request, invalidLink)
    const { key, subscriber } = holder
    if (request.method === "GET") return html(200, unsubscribePage(subscriber.email, holder.token))
    // a one-click POST names the token in the link and may send its body as
    // multipart/form-data (RFC 8058): the link is the credential, the POST the intent
    const fromLink = field(request.body) === undefined
    if (!fromLink && !ACCEPTED_TYPES.includes(mediaType(request))) return refuse(request, 415, copy.errors.unsupported_type)
    await withLock(key, async () => {
      const current = await store.subscriber(key)
      if (current && current.status !== "unsubscribed") await store.setSubscriber({ ...current, status: "unsubscribed", unsubscribedAt: new Date().toISOString(), mailDue: false })
    })
    if (fromLink || wantsJson(request)) return json(200, { ok: true })
    return redirect(noticePath("unsubscribed"))
  }

  /** Answers one request; never throws: an unexpected failure is a 503 saying nothing was saved. */
  async function handle(endpoint: Endpoint, request: FormRequest): Promise<FormResponse> {
    await swept
    try {
      if (endpoint === "unsubscribe") return await unsubscribe(request)
      return endpoint === "subscribe-confirm" ? await confirm(request) : await submit(endpoint, request)
    } catch (error) {
      log.error(`forms: ${endpoint} failed: ${(error as Error).stack ?? error}`)
      return refuse(request, 503, copy.errors.server, { "Retry-After": "30" })
    }
  }

  async function close(): Promise<void> {
    clearInterval(daily)
    await started
    await purged
    await outbox.stop()
  }

  /** Sends what is owed (a scheduled run on a functions host); after the start's own work */
  async function drain() {
    await started
    return outbox.drain()
  }

  return { config, store, outbox, handle, drain, started, close }
}

export type FormService = ReturnType<typeof createFormService>

const SHARED = Symbol.for("emberleaf.forms.service")

/** One service per process, shared by every endpoint, kept across the module reloads of `gatsby develop`. */
export function formService(): FormService {
  const holder = globalThis as unknown as Record<symbol, FormService | undefined>
  holder[SHARED] ??= createFormService(readConfig())
  return holder[SHARED]
}

/**
 * The answer for a request a server refused before the handler ran (a body
 * over the limit, an unknown content type, a body that does not parse), in
 * the same words and shape as the handler's own refusals.
 */
export function refusedEarly(status: number, request: Pick<FormRequest, "headers">): FormResponse {
  const message = status === 413 ? copy.errors.too_large : status === 415 ? copy.errors.unsupported_type : status >= 500 ? copy.errors.server : copy.errors.malformed
  return refuse({ method: "POST", body: undefined, ip: "", ...request }, status >= 500 ? 503 : status, message)
}
