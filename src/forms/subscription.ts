import { createHash, randomBytes, timingSafeEqual } from "crypto"
import type RateLimiterMemory from "rate-limiter-flexible/lib/RateLimiterMemory.js"
import {
  ACCEPTED_TYPES,
  html,
  json,
  limited,
  mediaType,
  redirect,
  refuse,
  wantsJson,
  wordsOf,
  type Endpoint,
  type FormRequest,
  type FormResponse,
} from "./answers"
import type { FormsConfig } from "./environment"
import { noticePath, storedLanguage, wordsIn, type Words } from "./copy"
import type { Outbox } from "./outbox"
import { confirmPage, invalidLinkPage, invalidUnsubscribePage, unsubscribePage } from "./fallback-pages"
import { locks as storeLocks, subscriberKey, unsubscribeToken, type Store, type Subscriber } from "./store"

const TOKEN_SHAPE = /^([0-9a-f]{64})\.([A-Za-z0-9_-]{43})$/

/** A secret no subscriber has: what an unknown address's token is compared against */
const UNKNOWN_SECRET = randomBytes(32).toString("base64url")
/** Compares two texts in a time that depends on neither (their SHA-256 digests, compared in constant time) */
const sameDigest = (a: string, b: string) => timingSafeEqual(createHash("sha256").update(a).digest(), createHash("sha256").update(b).digest())

/**
 * The subscriptions: an address's record as the subscribe form leaves it
 * (subscribe, which the form's post calls once the post is stored) and the
 * confirm and unsubscribe links of the e-mails. The store, outbox and rate
 * limiter are the service's own, shared with the form posts.
 */
export function createSubscription(config: FormsConfig, store: Store, outbox: Outbox, limiter: RateLimiterMemory) {
  const locks = new Map<string, Promise<unknown>>()

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

  /** A new subscription, pending its confirmation e-mail (in the language it was asked for in) */
  const fresh = (email: string, at: string, words: Words): Subscriber => ({
    email,
    ...storedLanguage(words),
    status: "pending",
    secret: randomBytes(32).toString("base64url"),
    firstRequestedAt: at,
    lastRequestedAt: at,
    confirmationsRequested: 1,
    mailDue: true,
    mailAttempts: 0,
  })

  /**
   * Records a subscription asked for from a page in words' language. The
   * confirmation e-mail, its links' pages and later e-mails come in the
   * language of the request that last had a confirmation sent; a request
   * that sends nothing changes nothing, so a stranger cannot switch a
   * subscriber's language.
   */
  async function subscribe(email: string, now: Date, words: Words): Promise<void> {
    const key = subscriberKey(email)
    const mailDue = await withLock(key, async () => {
      const existing = await store.subscriber(key)
      const at = now.toISOString()
      if (!existing) {
        await store.setSubscriber(fresh(email, at, words))
        return true
      }
      // After an unsubscribe (which only the address's owner can do, from a
      // link in their mail), a new subscription starts afresh: a new secret, so
      // the old links stop working, and a new confirmation
      if (existing.status === "unsubscribed") {
        await store.setSubscriber({ ...fresh(email, at, words), mailAttempts: existing.mailAttempts })
        return true
      }
      // Nothing new to send: the record is written back as it is, so a known
      // address costs the same store work as a new one and the answer's time
      // does not tell them apart
      const since = now.getTime() - Date.parse(existing.lastRequestedAt)
      if (
        existing.status === "confirmed" ||
        existing.mailDue ||
        since < config.confirm.cooldownS * 1000 ||
        existing.confirmationsRequested >= config.confirm.max
      ) {
        await store.setSubscriber(existing)
        return false
      }
      const { language: _previous, ...rest } = existing
      await store.setSubscriber({
        ...rest,
        ...storedLanguage(words),
        lastRequestedAt: at,
        confirmationsRequested: existing.confirmationsRequested + 1,
        mailDue: true,
      })
      return true
    })
    if (!mailDue) return
    if (config.sendWithinMs > 0) await outbox.sendNow({ kind: "confirm", key }, config.sendWithinMs)
    else outbox.enqueue({ kind: "confirm", key })
  }

  /**
   * The subscriber a link's token names, or undefined when the token names
   * none: the same store read and the same constant-time comparison for a
   * known and an unknown address (against a secret nobody holds), so the time
   * of the answer does not tell whether an address is subscribed. expected
   * gives what the token must be for a subscriber's key and secret.
   */
  async function holderOf(
    token: unknown,
    expected: (key: string, secret: string) => string,
  ): Promise<{ key: string; token: string; subscriber: Subscriber } | undefined> {
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
    return (await limited(limiter, endpoint, request)) ?? invalidLink()
  }

  /** GET shows a confirm button for the link in the e-mail; POST of its token confirms. */
  async function confirm(request: FormRequest): Promise<FormResponse> {
    // before the subscriber is known: the language the link names (the e-mail's links carry it), else the default
    const linkWords = wordsOf(request)
    const copy = linkWords.forms
    if (request.method !== "GET" && request.method !== "POST") return refuse(request, 405, copy.errors.method_not_allowed, { Allow: "GET, POST" })
    const source = request.method === "GET" ? request.query : request.body
    const token = typeof source === "object" && source !== null ? (source as Record<string, unknown>).token : undefined
    const invalidLink = () => (wantsJson(request) ? json(404, { ok: false, message: copy.confirmPage.invalidText }) : html(404, invalidLinkPage(linkWords)))
    const holder = await holderOf(token, (key, secret) => `${key}.${secret}`)
    if (!holder || holder.subscriber.status === "unsubscribed") return refuseInvalidLink("subscribe-confirm", request, invalidLink)
    const { key, subscriber } = holder
    // the subscriber's own language from here on, whatever the link says
    const words = wordsIn(subscriber.language)
    if (request.method === "GET") return html(200, confirmPage(words, subscriber.email, holder.token))
    if (request.method === "POST" && !ACCEPTED_TYPES.includes(mediaType(request))) return refuse(request, 415, words.forms.errors.unsupported_type, {}, words)
    await withLock(key, async () => {
      const current = await store.subscriber(key)
      if (current && current.status !== "confirmed")
        await store.setSubscriber({ ...current, status: "confirmed", confirmedAt: new Date().toISOString(), mailDue: false })
    })
    return wantsJson(request) ? json(200, { ok: true }) : redirect(noticePath("subscribe-confirmed", words))
  }

  /**
   * The unsubscribe link of every e-mail to a subscriber. GET shows a button
   * and changes nothing (mail scanners open links); POST unsubscribes: the
   * button's form, or a mail client's one-click POST (RFC 8058: body
   * List-Unsubscribe=One-Click, the token in the link's query). A repeat is
   * harmless; an address unsubscribed is never counted as confirmed again.
   */
  async function unsubscribe(request: FormRequest): Promise<FormResponse> {
    const linkWords = wordsOf(request)
    const copy = linkWords.forms
    if (request.method !== "GET" && request.method !== "POST") return refuse(request, 405, copy.errors.method_not_allowed, { Allow: "GET, POST" })
    const field = (source: unknown) => (typeof source === "object" && source !== null ? (source as Record<string, unknown>).token : undefined)
    const token = request.method === "POST" ? (field(request.body) ?? field(request.query)) : field(request.query)
    const invalidLink = () =>
      wantsJson(request) ? json(404, { ok: false, message: copy.unsubscribePage.invalidText }) : html(404, invalidUnsubscribePage(linkWords))
    const holder = await holderOf(token, unsubscribeToken)
    if (!holder) return refuseInvalidLink("unsubscribe", request, invalidLink)
    const { key, subscriber } = holder
    const words = wordsIn(subscriber.language)
    if (request.method === "GET") return html(200, unsubscribePage(words, subscriber.email, holder.token))
    // a one-click POST names the token in the link and may send its body as
    // multipart/form-data (RFC 8058): the link is the credential, the POST the intent
    const fromLink = field(request.body) === undefined
    if (!fromLink && !ACCEPTED_TYPES.includes(mediaType(request))) return refuse(request, 415, words.forms.errors.unsupported_type, {}, words)
    await withLock(key, async () => {
      const current = await store.subscriber(key)
      if (current && current.status !== "unsubscribed")
        await store.setSubscriber({ ...current, status: "unsubscribed", unsubscribedAt: new Date().toISOString(), mailDue: false })
    })
    if (fromLink || wantsJson(request)) return json(200, { ok: true })
    return redirect(noticePath("unsubscribed", words))
  }

  return { subscribe, confirm, unsubscribe }
}

export type Subscription = ReturnType<typeof createSubscription>
