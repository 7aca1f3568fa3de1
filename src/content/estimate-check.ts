/**
 * The estimator's content (content/estimate/estimate.en.json) beyond its
 * types: the ids the streams and solutions name exist (factors, and the
 * second step's notes), every factor says its unit and its source (and how
 * sure it is, where it says so, in the site's three words), and the
 * machines are the Products page's. The
 * factors' order (low ≤ typical ≤ high) is the model's @ordered rule.
 */
import fs from "node:fs"
import path from "node:path"
import { SOLUTION_IDS, MAX_MOISTURE, readInputs, type EstimateModel } from "../lib/estimate"
import { quoteEstimate, type QuoteWords } from "../lib/estimate-quote"
import { ESTIMATE_MAX_LENGTH, ESTIMATE_MAX_ROWS, ESTIMATE_TEXT_MAX, stringifyEstimate } from "../lib/forms/estimate-payload"
import { numberLocale } from "../lib/language-notation"
import { SLUG } from "./routes"

type Json = Record<string, unknown>
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((item): item is Json => typeof item === "object" && item !== null) : [])
const blank = (value: unknown) => typeof value !== "string" || value.trim() === ""

const STREAM_FACTORS = [
  "heatingValue",
  "moisture",
  "ownUse",
  "heatOnlyBelow",
  "charcoalYield",
  "biocharYield",
  "landfillCarbon",
  "fossilCarbon",
  "bottomAsh",
  "flyAsh",
  "capitalCost",
  "tariff",
  "supportRate",
  "supportCap",
] as const
/** How sure a figure of the second step is: read in the issuing body's text, an official summary of it, or reported */
const CONFIDENCE = ["primary", "summary", "reported"]
/** The shared fields that name a site or a climate, not a factor, and the one that is a number */
const SHARED_CHOICES = { defaultSite: "sites", defaultClimate: "climates" } as const

export function checkEstimate(file: string, data: unknown, contentDir: string, errors: string[]): void {
  if (typeof data !== "object" || data === null) return
  const estimate = data as Json
  const factors = new Map<string, Json>()
  // how sure a figure is, where it says: one of the site's three words
  const confident = (where: string, confidence: unknown) => {
    if (confidence != null && !CONFIDENCE.includes(confidence as string))
      errors.push(`${file}: ${where} has the confidence "${String(confidence)}"; use one of ${CONFIDENCE.join(", ")}.`)
  }
  list(estimate.factors).forEach((factor, index) => {
    const where = `factors[${index}]${typeof factor.id === "string" ? ` ("${factor.id}")` : ""}`
    if (typeof factor.id === "string") {
      if (!SLUG.test(factor.id)) errors.push(`${file}: ${where} has an id that is not lower-case words joined by hyphens, e.g. "rice-husk-moisture".`)
      if (factors.has(factor.id)) errors.push(`${file}: ${where}: another factor has the same id. Give each factor its own.`)
      factors.set(factor.id, factor)
    }
    if (blank(factor.unit)) errors.push(`${file}: ${where} has no unit. Say what the numbers are in (e.g. "MJ/kg").`)
    // a missing source is the model's "required" error already
    if (typeof factor.source !== "object" || factor.source === null) return
    const source = factor.source as Json
    for (const field of ["title", "publisher", "url"]) if (blank(source[field])) errors.push(`${file}: ${where} has no source ${field}. Every figure needs its published source.`)
    const year = source.year
    if (typeof year === "number" && (year < 1900 || year > new Date().getFullYear() + 1)) errors.push(`${file}: ${where} has the source year ${year}; give the year it was published.`)
    confident(where, factor.confidence)
  })
  // the second step's notes, which the streams and shared name by id
  const notes = new Set<string>()
  list((estimate.economics as Json | undefined)?.notes).forEach((note, index) => {
    const where = `economics.notes[${index}]${typeof note.id === "string" ? ` ("${note.id}")` : ""}`
    if (typeof note.id === "string") {
      if (!SLUG.test(note.id)) errors.push(`${file}: ${where} has an id that is not lower-case words joined by hyphens.`)
      if (notes.has(note.id)) errors.push(`${file}: ${where}: another note has the same id.`)
      notes.add(note.id)
    }
    confident(where, note.confidence)
    if (note.source && note.confidence == null) errors.push(`${file}: ${where} cites a source but says not how sure it is: give it a confidence (${CONFIDENCE.join(", ")}).`)
  })
  const notesNamed = (where: string, ids: unknown) => {
    for (const id of Array.isArray(ids) ? ids : [])
      if (typeof id === "string" && !notes.has(id)) errors.push(`${file}: ${where} names the note "${id}", which is not in "economics.notes". Add it or fix the id.`)
  }
  notesNamed("shared.economicsNotes", (estimate.shared as Json | undefined)?.economicsNotes)

  const named = (where: string, id: unknown) => {
    if (typeof id === "string" && !factors.has(id)) errors.push(`${file}: ${where} names the factor "${id}", which is not in "factors". Add it or fix the id.`)
  }
  const streams = new Set<string>()
  // checked with the solutions' machines, once the Products page is read
  const streamMachines: [string, unknown[]][] = []
  list(estimate.streams).forEach((stream, index) => {
    const where = `streams[${index}]${typeof stream.id === "string" ? ` ("${stream.id}")` : ""}`
    if (typeof stream.id === "string") {
      if (!SLUG.test(stream.id)) errors.push(`${file}: ${where} has an id that is not lower-case words joined by hyphens; it goes into the page's address.`)
      if (streams.has(stream.id)) errors.push(`${file}: ${where}: another stream has the same id.`)
      streams.add(stream.id)
    }
    for (const field of STREAM_FACTORS) named(`${where}.${field}`, stream[field])
    notesNamed(`${where}.economicsNotes`, stream.economicsNotes)
    if (stream.supportCap && !stream.supportRate) errors.push(`${file}: ${where} has a supportCap but no supportRate: the cap holds a rate down.`)
    const plants = list(stream.plants)
    plants.forEach((plant, at) => {
      named(`${where}.plants[${at}].efficiency`, plant.efficiency)
      named(`${where}.plants[${at}].fuelInput`, plant.fuelInput)
      named(`${where}.plants[${at}].parasitic`, plant.parasitic)
    })
    streamMachines.push([where, Array.isArray(stream.machines) ? stream.machines : []])
    if (plants.length > 0 && !stream.heatingValue) errors.push(`${file}: ${where} has plants but no heatingValue: electricity needs both.`)
    if (plants.length === 0 && !stream.charcoalYield && !stream.biocharYield) errors.push(`${file}: ${where} suits no solution: give it plants, a charcoalYield or a biocharYield.`)
    const moisture = typeof stream.moisture === "string" ? factors.get(stream.moisture) : undefined
    if (moisture && [moisture.low, moisture.high].some((value) => typeof value === "number" && (value < 0 || value > MAX_MOISTURE)))
      errors.push(`${file}: ${where}.moisture names "${stream.moisture}", whose values are not percentages from 0 to ${MAX_MOISTURE}.`)
  })
  for (const kind of ["sites", "climates"] as const)
    list(estimate[kind]).forEach((choice, index) => {
      const where = `${kind}[${index}]${typeof choice.id === "string" ? ` ("${choice.id}")` : ""}`
      if (typeof choice.id === "string" && !SLUG.test(choice.id)) errors.push(`${file}: ${where} has an id that is not lower-case words joined by hyphens; it goes into the page's address.`)
      for (const field of ["methaneCorrection", "oxidation", "decayRate"]) named(`${where}.${field}`, choice[field])
    })
  for (const [field, id] of Object.entries((estimate.shared ?? {}) as Json)) {
    const choices = SHARED_CHOICES[field as keyof typeof SHARED_CHOICES]
    if (!choices) named(`shared.${field}`, id)
    else if (typeof id === "string" && !list(estimate[choices]).some((choice) => choice.id === id))
      errors.push(`${file}: shared.${field} is "${id}", which is not the id of one of "${choices}". Use one of theirs.`)
  }

  let machines: Set<string> | undefined
  try {
    const products = JSON.parse(fs.readFileSync(path.join(contentDir, "products", "products.en.json"), "utf8")) as { items?: { title?: string }[] }
    machines = new Set((products.items ?? []).map((item) => item.title ?? ""))
  } catch {
    machines = undefined // content/products/products.en.json's own check reports it
  }
  const solutions = list(estimate.solutions)
  for (const id of SOLUTION_IDS) if (!solutions.some((solution) => solution.id === id)) errors.push(`${file}: "solutions" has no entry with "id": "${id}".`)
  solutions.forEach((solution, index) => {
    const where = `solutions[${index}]`
    if (typeof solution.id === "string" && !(SOLUTION_IDS as readonly string[]).includes(solution.id)) errors.push(`${file}: ${where} has "id": "${solution.id}"; use one of ${SOLUTION_IDS.join(", ")}.`)
    for (const machine of Array.isArray(solution.machines) ? solution.machines : [])
      if (machines && typeof machine === "string" && !machines.has(machine)) errors.push(`${file}: ${where}.machines names "${machine}", which is not a machine of content/products/products.en.json. Use its title there.`)
  })
  for (const [where, names] of streamMachines)
    for (const machine of names)
      if (machines && typeof machine === "string" && !machines.has(machine)) errors.push(`${file}: ${where}.machines names "${machine}", which is not a machine of content/products/products.en.json. Use its title there.`)
}

// the longest text a visitor's grid factor can take in a label: four significant figures in scientific notation, three-digit exponent (1.235E-308)
const LONGEST_GRID_FACTOR = 1.2345e-308

/**
 * Every quote the estimator can make from one language's estimate file
 * fits what the contact form and the forms' server carry
 * (ESTIMATE_TEXT_MAX): a longer label would make the contact page drop the
 * estimate, or the server refuse the message. The quotes are made by the
 * page's own code, for every stream, with India's grid and with the
 * longest factor a visitor can type; a file the other checks fault is left
 * to them.
 */
export function checkQuotesFit(file: string, data: unknown, language: string, errors: string[]): void {
  const content = data as EstimateModel & QuoteWords
  const locale = numberLocale(language)
  // a stream's name and units are the same in both quotes: each fault named once
  const found = new Set<string>()
  for (const [index, stream] of (Array.isArray(content.streams) ? content.streams : []).entries()) {
    const where = `streams[${index}] ("${stream.id}")`
    // one tonne and a thousand a day, with a tipping fee: every row the second step can add
    for (const [grid, amount] of [
      [undefined, "1"],
      [String(LONGEST_GRID_FACTOR), "1"],
      [undefined, "1000"],
    ] as const) {
      let quote
      try {
        quote = quoteEstimate(content, content, readInputs(content, { stream: stream.id, amount, grid, fee: "1" }, 1).inputs, locale)
      } catch {
        break
      }
      if (quote.results.length > ESTIMATE_MAX_ROWS)
        found.add(`${file}: ${where} makes a quote of ${quote.results.length} rows; a quote carries at most ${ESTIMATE_MAX_ROWS}. Leave a result out.`)
      if (stringifyEstimate(quote).length > ESTIMATE_MAX_LENGTH)
        found.add(`${file}: ${where} makes a quote of ${stringifyEstimate(quote).length} characters; a quote carries at most ${ESTIMATE_MAX_LENGTH}. Shorten its labels.`)
      const long = (text: string, max: number) => [...text].length > max
      if (long(quote.stream, ESTIMATE_TEXT_MAX.stream))
        found.add(`${file}: ${where} has a name of ${[...quote.stream].length} characters; a quote carries at most ${ESTIMATE_TEXT_MAX.stream}. Shorten it.`)
      for (const row of quote.results) {
        if (long(row.label, ESTIMATE_TEXT_MAX.label))
          found.add(
            `${file}: the result "${row.label}" (${where}, the solution's title and the result's label${grid ? ", with a visitor's own grid factor" : ""}) has ${[...row.label].length} characters; a quote carries at most ${ESTIMATE_TEXT_MAX.label}. Shorten the label or the solution's title.`,
          )
        if (long(row.unit, ESTIMATE_TEXT_MAX.unit)) found.add(`${file}: the unit "${row.unit}" (${where}) has more than ${ESTIMATE_TEXT_MAX.unit} characters; a quote carries at most that. Shorten it.`)
      }
    }
  }
  errors.push(...found)
}
