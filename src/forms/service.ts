// Deep imports: the package's index also loads its Redis, Mongo, SQL... limiters, which a bundle does not need;
// with the file extension, which Node's ES module loader needs (the scheduled drain is an ES module on Netlify)
import RateLimiterMemory from "rate-limiter-flexible/lib/RateLimiterMemory.js"
import { header, refuse, wordsOf, type Endpoint, type FormRequest, type FormResponse } from "./answers"
import type { FormsConfig } from "./environment"
import { fill, wordsIn } from "./copy"
import { languageOfPath } from "../lib/languages"
import { createOutbox, type Logger } from "./outbox"
import { purge } from "./privacy"
import { sweepTemporaryFiles, type Store } from "./store"
import { createSubmission } from "./submission"
import { createSubscription } from "./subscription"
import { TooManyFields } from "./urlencoded"

// The request and answer shapes live with the answers (answers.ts); the servers and tests import them from here
export type { Endpoint, FormRequest, FormResponse } from "./answers"

/**
 * The body size the endpoints accept (and Gatsby Functions' own default): a
 * contact message with every field at its limits and an estimate at its own
 * (src/lib/forms/estimate-payload.ts), percent-encoded, comes to about 94 kB at worst,
 * every character a multi-byte one; __tests__/forms/estimate.test.ts posts it.
 */
export const BODY_LIMIT_BYTES = 100 * 1024

/**
 * The forms' whole server side, independent of any framework: checks a post,
 * writes it durably in the store it is given, answers, and hands delivery to
 * the outbox. The hosts (src/forms-hosts/: the Gatsby Functions, the
 * production server, Netlify's scheduled drain) open the store and only
 * translate their request and response objects to and from FormRequest and
 * FormResponse.
 */
export function formServiceOn(config: FormsConfig, store: Store, log: Logger = console) {
  const outbox = createOutbox(config, store, log)
  const limiter = new RateLimiterMemory({ points: config.rateLimit.points, duration: config.rateLimit.windowS })
  // Before the first request touches the store: the temporary files a crash left behind go
  const swept = (async () => {
    if (config.store.backend !== "files") return
    const removed = await sweepTemporaryFiles(config.dataDir)
    if (removed > 0) log.warn(`forms: removed ${removed} temporary file${removed > 1 ? "s" : ""} an earlier crash or full disk left in ${config.dataDir}.`)
  })().catch((error: Error) => log.error(`forms: could not clear temporary files at start: ${error.message}`))
  // the decoy record exists before the first lookup of an unknown address needs it
  const started = swept
    .then(() => Promise.all([outbox.start(), store.readDecoy()]))
    .catch((error: Error) => log.error(`forms: could not read the store at start: ${error.message}`))
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

  // The form posts and the subscription links, on this one store, outbox and limiter; a subscribe post records its address through the subscription
  const subscription = createSubscription(config, store, outbox, limiter)
  const { submit } = createSubmission(config, store, outbox, limiter, subscription.subscribe)

  /** Answers one request; never throws: an unexpected failure is a 503 saying nothing was saved. */
  async function handle(endpoint: Endpoint, request: FormRequest): Promise<FormResponse> {
    await swept
    try {
      if (endpoint === "unsubscribe") return await subscription.unsubscribe(request)
      return endpoint === "subscribe-confirm" ? await subscription.confirm(request) : await submit(endpoint, request)
    } catch (error) {
      log.error(`forms: ${endpoint} failed: ${(error as Error).stack ?? error}`)
      return refuse(request, 503, wordsOf(request).forms.errors.server, { "Retry-After": "30" })
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

export type FormService = ReturnType<typeof formServiceOn>

/**
 * The answer for a request a server refused before the handler ran (a body
 * over the limit, one with more fields than any form has, an unknown content
 * type, a body that does not parse), in the same words and shape as the
 * handler's own refusals. Its body unread, the language is the form
 * page's, as the post's Referer names it (/hi/contact), else the default.
 */
export function refusedEarly(status: number, request: Pick<FormRequest, "headers">, error?: unknown): FormResponse {
  const refused: FormRequest = { method: "POST", body: undefined, ip: "", ...request }
  let language: string | undefined
  try {
    language = languageOfPath(new URL(header(refused, "referer")).pathname)
  } catch {
    // no Referer, or not a URL: the default language
  }
  const words = wordsIn(language)
  const copy = words.forms
  if (error instanceof TooManyFields) return refuse(refused, 413, fill(copy.errors.too_many_fields, { max: error.limit }), {}, words)
  const message =
    status === 413 ? copy.errors.too_large : status === 415 ? copy.errors.unsupported_type : status >= 500 ? copy.errors.server : copy.errors.malformed
  return refuse(refused, status >= 500 ? 503 : status, message, {}, words)
}
