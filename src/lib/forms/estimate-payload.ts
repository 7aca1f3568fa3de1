/**
 * An estimate from /estimate, carried to the contact form in its address
 * (/contact?estimate=<JSON>) and posted with the message in the field
 * "estimate". The browser reads it to fill in the form, the server to store
 * and e-mail it: one set of rules for both, so it imports nothing but fill,
 * the list of languages and the number formats. The contact form fetches it
 * only when its address carries an estimate, in a chunk of its own.
 */
import { numberLocale } from "../language-notation"
import { DEFAULT_LANGUAGE } from "../languages"
import { fill } from "../text"
import { numberFormat } from "../number-format"

// The payload's shape is the page's, which makes it (src/lib/estimate-quote.ts); a type only, so the contact page's bundle gains nothing
import type { Estimate, EstimateRow } from "../estimate-quote"
export type { Estimate, EstimateRow }

export type EstimateReading = { ok: true; estimate: Estimate } | { ok: false; reason: string }

/** The words the lines are made of, from content/contact/contact.en.json (form.estimate) */
export interface EstimateCopy {
  /** {stream}, {amount}, {per}, {moisture}, {days} */
  summary: string
  perDay: string
  perYear: string
  /** {label}, {low}, {typical}, {high}, {unit} */
  result: string
}

/**
 * The longest JSON text accepted, in UTF-16 code units (String.length): at
 * most 12 kB of UTF-8, 36 kB percent-encoded in a plain form post, which
 * still fits beside a message at its limits (BODY_LIMIT_BYTES).
 */
export const ESTIMATE_MAX_LENGTH = 4000

// C0, DEL and C1 controls, as src/forms/submission-checks.ts refuses them in the form's own fields;
// and, the estimate's text being the site's own words, never a visitor's, the
// line and paragraph separators (U+2028/9: a new line to a mail program or a
// terminal) and the bidirectional marks, embeddings, overrides and isolates
// (U+200E/F, U+202A-202E, U+2066-2069), which reorder what is shown after them
// eslint-disable-next-line no-control-regex -- the control characters an estimate may not carry
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/
// Half a surrogate pair ("\ud800" in JSON) is no character: it would turn into
// U+FFFD in the store. Found by removing whole pairs first, without the
// lookbehind submission-checks.ts uses, which older Safari cannot even parse.
const PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g
const SURROGATE = /[\uD800-\uDFFF]/

type Check = (value: unknown) => boolean

const text =
  (max: number): Check =>
  (value) =>
    typeof value === "string" && value.trim() !== "" && [...value].length <= max && !CONTROL.test(value) && !SURROGATE.test(value.replace(PAIR, ""))
const number =
  (min: number, max = Infinity): Check =>
  (value) =>
    typeof value === "number" && Number.isFinite(value) && value >= min && value <= max

/** The most rows an estimate carries: the content check holds every quote the estimator can make to it */
export const ESTIMATE_MAX_ROWS = 24

/** The longest words an estimate carries, in characters: the content check holds every quote the estimator can make to them (src/content/estimate-check.ts) */
export const ESTIMATE_TEXT_MAX = { stream: 80, label: 80, unit: 30 } as const

// a net greenhouse gas figure is below 0 where burning emits more than it avoids
const ROW: Record<keyof EstimateRow, Check> = {
  label: text(ESTIMATE_TEXT_MAX.label),
  low: number(-Infinity),
  typical: number(-Infinity),
  high: number(-Infinity),
  unit: text(ESTIMATE_TEXT_MAX.unit),
}

const TOP: Record<keyof Estimate, Check> = {
  v: (value) => value === 1,
  stream: text(ESTIMATE_TEXT_MAX.stream),
  amount: (value) => number(0, 1e7)(value) && value !== 0,
  per: (value) => value === "day" || value === "year",
  moisture: number(0, 95),
  days: (value) => Number.isInteger(value) && number(1, 366)(value),
  link: (value) => text(300)(value) && (value as string).startsWith("/estimate?") && !/\/\/|\\/.test(value as string),
  results: (value) => Array.isArray(value) && value.length >= 1 && value.length <= ESTIMATE_MAX_ROWS,
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

/** The first key of value that rules do not allow, or that is missing, or whose value they refuse; "" when none */
function fault(value: Record<string, unknown>, rules: Record<string, Check>): string {
  const unknown = Object.keys(value).find((key) => !Object.keys(rules).includes(key))
  if (unknown !== undefined) return `unknown key "${unknown.slice(0, 40)}"`
  const wrong = Object.keys(rules).find((key) => !rules[key]!(value[key]))
  return wrong === undefined ? "" : `${wrong} is missing or out of range`
}

/**
 * The payload's text for an estimate /estimate computed (quoteEstimate), as
 * its "Request a quote" link carries it to the contact form and as
 * parseEstimate reads it back there and on the server.
 */
export function stringifyEstimate(estimate: Estimate): string {
  return JSON.stringify(estimate)
}

/** Reads an estimate's JSON text by the rules of payload version 1; the reason is plain English, for logs and API clients. */
export function parseEstimate(json: string): EstimateReading {
  if (json.length > ESTIMATE_MAX_LENGTH) return { ok: false, reason: `the estimate is longer than ${ESTIMATE_MAX_LENGTH} characters` }
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    return { ok: false, reason: "the estimate is not JSON" }
  }
  if (!isObject(value)) return { ok: false, reason: "the estimate is not a JSON object" }
  const top = fault(value, TOP)
  if (top) return { ok: false, reason: top }
  const rows = value.results as unknown[]
  for (const [index, row] of rows.entries()) {
    const problem = isObject(row) ? fault(row, ROW) : "not an object"
    if (problem) return { ok: false, reason: `results[${index}]: ${problem}` }
    const { low, typical, high } = row as unknown as EstimateRow
    if (low > typical || typical > high) return { ok: false, reason: `results[${index}]: low, typical and high are not in order` }
  }
  return { ok: true, estimate: value as unknown as Estimate }
}

/**
 * The estimate as lines people read: one on what went in, then one per
 * result, its figures in a language's notation (src/lib/languages.ts,
 * numberLocale: 1,200 and 100,000 in English, 1,00,000 in Hindi) with up to
 * 20 decimals, so a figure shows exactly the digits it was given, never a
 * rounding or padding. The payload's numbers are the same in every language.
 */
export function formatEstimate(estimate: Estimate, copy: EstimateCopy, locale: string = numberLocale(DEFAULT_LANGUAGE.code)): string[] {
  const format = numberFormat(locale, { maximumFractionDigits: 20 })
  const figure = (value: number) => format.format(value)
  const summary = fill(copy.summary, {
    stream: estimate.stream,
    amount: figure(estimate.amount),
    per: estimate.per === "day" ? copy.perDay : copy.perYear,
    moisture: figure(estimate.moisture),
    days: figure(estimate.days),
  })
  const results = estimate.results.map((row) =>
    fill(copy.result, { label: row.label, low: figure(row.low), typical: figure(row.typical), high: figure(row.high), unit: row.unit }),
  )
  return [summary, ...results]
}
