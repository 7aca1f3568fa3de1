/**
 * The request and answer shapes of the form endpoints and the helpers both the
 * form posts (submission.ts) and the subscription links (subscription.ts)
 * answer with, so a refusal reads the same from either.
 */
// Deep imports: the package's index also loads its Redis, Mongo, SQL... limiters, which a bundle does not need;
// with the file extension, which Node's ES module loader needs (the scheduled drain is an ES module on Netlify)
import type RateLimiterMemory from "rate-limiter-flexible/lib/RateLimiterMemory.js"
import RateLimiterRes from "rate-limiter-flexible/lib/RateLimiterRes.js"
import { fill, wordsIn, type Words } from "./copy"
import { LANGUAGE, type FormKind } from "../lib/forms/fields"
import { messagePage } from "./fallback-pages"

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

export const ACCEPTED_TYPES = ["application/x-www-form-urlencoded", "application/json"]

export const header = (request: FormRequest, name: string): string => {
  const value = request.headers[name]
  return (Array.isArray(value) ? value[0] : value) ?? ""
}
export const mediaType = (request: FormRequest) => header(request, "content-type").split(";")[0]!.trim().toLowerCase()

/** A script asks for JSON (Accept or a JSON body); a plain form post gets pages and redirects. */
export function wantsJson(request: FormRequest): boolean {
  return /application\/json/i.test(header(request, "accept")) || mediaType(request) === "application/json"
}

const field = (source: unknown, name: string): unknown =>
  typeof source === "object" && source !== null && !Array.isArray(source) ? (source as Record<string, unknown>)[name] : undefined

/**
 * The words to answer a request in: those of the language its form names
 * (the hidden field LANGUAGE, on every page but the default language's) or
 * its link does (?language=hi, in the e-mails' links); the default
 * language's for none or one the site does not have.
 */
export function wordsOf(request: Pick<FormRequest, "body" | "query">): Words {
  return wordsIn(field(request.body, LANGUAGE) ?? field(request.query, LANGUAGE))
}

const NO_STORE = { "Cache-Control": "no-store" }

export function json(status: number, body: object, headers: Record<string, string> = {}): FormResponse {
  return { status, headers: { ...NO_STORE, "Content-Type": "application/json; charset=utf-8", ...headers }, body: JSON.stringify(body) }
}

export function html(status: number, body: string, headers: Record<string, string> = {}): FormResponse {
  return { status, headers: { ...NO_STORE, "Content-Type": "text/html; charset=utf-8", ...headers }, body }
}

export function redirect(location: string): FormResponse {
  return { status: 303, headers: { ...NO_STORE, Location: location }, body: "" }
}

/** A refusal: JSON for scripts, a page for browsers, the message in the content's words either way (words: the page's, the request's by default). */
export function refuse(
  request: FormRequest,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  words: Words = wordsOf(request),
): FormResponse {
  return wantsJson(request) ? json(status, { ok: false, message }, headers) : html(status, messagePage(words, words.forms.errorPage.title, message), headers)
}

/** Counts a request against its endpoint's limit for the client's address: undefined within it, else the 429 to answer. */
export async function limited(limiter: RateLimiterMemory, endpoint: Endpoint, request: FormRequest): Promise<FormResponse | undefined> {
  try {
    await limiter.consume(`${endpoint}:${request.ip}`)
    return undefined
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection
    const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))
    const words = wordsOf(request)
    return { ...refuse(request, 429, fill(words.forms.errors.rate_limited, { minutes: Math.ceil(seconds / 60) }), { "Retry-After": String(seconds) }, words) }
  }
}
