/**
 * The server's reading of an estimate posted with a contact message: its
 * shape by the rules both sides share (estimate.ts), then its figures made
 * again from its inputs alone (stream, amount, per, moisture, days, grid, the
 * second step's tipping fee) with the
 * site's own factors and words, by the page's own code
 * (src/lib/estimate-quote.ts). A payload that differs from what the site
 * makes of its inputs is refused: sales never reads figures the site did not
 * compute (24 rows of 1e308 once made a 31 KB e-mail).
 *
 * The factors are imported, not read from disk: Gatsby bundles them into
 * the functions (src/api, as copy.ts's words), and `npm start` loads them
 * with the server, so each answers with the content its site was built from.
 * Server side only: the contact page's bundle never holds the factors.
 */
import content from "../../content/estimate/estimate.en.json"
import { readInputs, streamById, type EstimateModel } from "../lib/estimate"
import { quoteEstimate, type Estimate, type EstimateRow, type QuoteWords } from "../lib/estimate-quote"
import { parseEstimate, type EstimateReading } from "../lib/forms/estimate-payload"

const MODEL: EstimateModel = content
const WORDS: QuoteWords = content

const ROW_KEYS: readonly (keyof EstimateRow)[] = ["label", "low", "typical", "high", "unit"]
const TOP_KEYS: readonly (keyof Estimate)[] = ["v", "stream", "amount", "per", "moisture", "days", "link"]

/** The first place where sent differs from made: a key, or results[i]'s key; "" when none */
function difference(sent: Estimate, made: Estimate): string {
  const top = TOP_KEYS.find((key) => sent[key] !== made[key])
  if (top) return top
  if (sent.results.length !== made.results.length) return "results"
  for (const [index, row] of made.results.entries()) {
    const key = ROW_KEYS.find((name) => sent.results[index]![name] !== row[name])
    if (key) return `results[${index}].${key}`
  }
  return ""
}

type Remade = { ok: true; estimate: Estimate } | { ok: false; reason: string }

/** What the site makes of an estimate's inputs (its link names the stream and any grid factor) with these factors and words */
function remake(sent: Estimate, model: EstimateModel, words: QuoteWords): Remade {
  // the stream's id is in the link the page made (?stream=rice-husk&...); its name is the stream's own.
  // So is the visitor's own grid factor (&grid=0.5), which only the grid credit's label and figures show
  const query = new URLSearchParams(sent.link.slice(sent.link.indexOf("?") + 1))
  const stream = query.get("stream") ?? ""
  if (!streamById(model, stream)) return { ok: false, reason: "the link names no waste stream of the estimator" }
  // and so are the visitor's heating value, the landfill the waste would go to and its climate, when they gave them
  const raw = {
    stream,
    amount: String(sent.amount),
    per: sent.per,
    moisture: String(sent.moisture),
    days: String(sent.days),
    grid: query.get("grid"),
    heat: query.get("heat"),
    heatUnit: query.get("heatUnit"),
    site: query.get("site"),
    climate: query.get("climate"),
    collected: query.get("collected"),
    fee: query.get("fee"),
  }
  // the amount is always given: no default amount is needed
  const { inputs, errors } = readInputs(model, raw, 0)
  const refused = Object.keys(errors)[0]
  if (refused) return { ok: false, reason: `${refused} is out of the estimator's range` }
  return { ok: true, estimate: quoteEstimate(model, words, inputs) }
}

/**
 * Reads an estimate's JSON text as parseEstimate does, then checks it is
 * what this site makes of its inputs, in the words of the language it was
 * made in (the model and words of that language's estimate file; English's
 * by default); the estimate returned is the site's own making. The reason is
 * plain English, for logs and API clients.
 */
export function readEstimate(json: string, model: EstimateModel = MODEL, words: QuoteWords = WORDS): EstimateReading {
  const reading = parseEstimate(json)
  if (!reading.ok) return reading
  const sent = reading.estimate
  const made = remake(sent, model, words)
  if (!made.ok) return made
  const differs = difference(sent, made.estimate)
  if (differs) return { ok: false, reason: `${differs} is not what the estimator makes of the inputs with the site's factors` }
  return made
}

/**
 * Reads an estimate as readEstimate does, made in the words of any of these
 * languages' estimate files, the form's own first: the contact page's
 * language switch carries the estimate across, so a visitor who made it on
 * /hi/estimate and switched to /contact sends Hindi words from an English
 * form. Every figure is still made again from the inputs; only the words may
 * be another language's. When none matches, the reason is the first's.
 */
export function readEstimateIn(json: string, contents: readonly (EstimateModel & QuoteWords)[]): EstimateReading {
  let first: EstimateReading | undefined
  for (const content of contents) {
    const reading = readEstimate(json, content, content)
    if (reading.ok) return reading
    first ??= reading
  }
  return first ?? readEstimate(json)
}

/**
 * An estimate the site made (readEstimate's) in another language's words:
 * the same inputs quoted again with that language's estimate file. The
 * figures are shared by every language (the translation check holds them),
 * so only the words change; should the content have changed since (a
 * stream removed), the estimate stays as it was.
 */
export function estimateInWords(estimate: Estimate, model: EstimateModel = MODEL, words: QuoteWords = WORDS): Estimate {
  const made = remake(estimate, model, words)
  return made.ok ? made.estimate : estimate
}
