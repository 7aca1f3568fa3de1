/**
 * The estimate /estimate hands to the contact form with "Request a quote
 * with this estimate": the visitor's inputs and, for each suitable solution,
 * the rows the page shows, rounded as it shows them. Made by the page for
 * its link, and made again by the forms' server from the inputs alone
 * (src/forms/estimate-figures.ts), so what sales reads is what this site
 * computes: one arithmetic (estimate.ts), one set of rows, two readers.
 */
import {
  DEFAULT_NUMBERS,
  economics,
  rupeeScale,
  estimate,
  roundForDisplay,
  scaleRange,
  streamById,
  toQuery,
  type EstimateModel,
  type Economics,
  type Inputs,
  type LandfillMethane,
  type Range,
  type SolutionResult,
  type Stream,
} from "./estimate"
import { fill } from "./text"
import { numberFormat } from "./number-format"

/** A row's words, from content/estimate/estimate.en.json (results) */
export interface Measure {
  label: string
  unit: string
}

/** The measures of content/estimate/estimate.en.json's "results" */
export interface ResultMeasures {
  electricityDay: Measure
  electricityYear: Measure
  plantSize: Measure
  grossOutput: Measure
  ownUse: Measure
  efficiency: Measure
  heatingValue: Measure
  fuelInput: Measure
  charcoal: Measure
  biochar: Measure
  gridCredit: Measure
  landfill: Measure
  landfillFirstYear: Measure
  landfillLifetime: Measure
  bottomAsh: Measure
  flyAsh: Measure
  fossil: Measure
  ghg: Measure
}

/** Which grid the grid credit's label names: {grid} in its label is one of these */
export interface GridWords {
  /** The model's own grid (India's) */
  gridDefault: string
  /** The visitor's own factor; {factor} is replaced */
  gridOwn: string
}

/** The second step's labels and the units of its rows, from content/estimate/estimate.en.json (economics) */
export interface EconomicsWords {
  heading: string
  capital: string
  power: string
  fee: string
  support: string
  biochar: string
  credit: string
  units: { crore: string; lakh: string; rupees: string; dollars: string }
}

/** The words an estimate's rows are made of: the measures, the solutions' titles and the second step's labels */
export interface QuoteWords {
  results: ResultMeasures & GridWords
  solutions: readonly { id: string; title: string }[]
  economics: EconomicsWords
}

/** The second step's figures in the order the page shows them: [label key, range, in rupees or (credit) dollars] */
export const ECONOMICS_ROWS = ["capital", "power", "fee", "support", "biochar", "credit"] as const
export type EconomicsRow = (typeof ECONOMICS_ROWS)[number]

/** The second step's rows: each figure it has, rupees in crore, lakh or rupees as its high end is written (₹2.5 crore, not 250 lakh) */
export interface EconomicsLine {
  key: EconomicsRow
  label: string
  unit: string
  range: Range
}

export function economicsRows(words: EconomicsWords, figures: Economics): EconomicsLine[] {
  return ECONOMICS_ROWS.flatMap((key): EconomicsLine[] => {
    const range = figures[key]
    if (!range) return []
    if (key === "credit") return [{ key, label: words[key], unit: words.units.dollars, range }]
    const { divisor, unit } = rupeeScale(roundForDisplay(range.high))
    return [{ key, label: words[key], unit: words.units[unit], range: scaleRange(range, 1 / divisor) }]
  })
}

// The visitor's own factor as the label names it: to four significant figures, as no grid's factor is known better, and so
// the label stays within the 80 characters the forms' server takes (0.12345678901234567 made 82); the arithmetic uses it exactly.
// Below 0.0001 t/MWh (no grid's, but typed all the same) in scientific notation, 1E-16, at most 10 characters: written out,
// its zeros pushed the label past 80 (from 1e-16 in English), and the contact page dropped the estimate.
const SCIENTIFIC_BELOW = 0.0001
const factorText = (value: number, locale: string) =>
  numberFormat(locale, { maximumSignificantDigits: 4, notation: value !== 0 && value < SCIENTIFIC_BELOW ? "scientific" : "standard" }).format(value)

/**
 * The measures with the grid credit's label naming the grid these inputs use
 * (India's, or the visitor's own factor in the page's notation), and the
 * landfill's the years its headline is averaged over. The forms'
 * server makes the label again in the default notation, which writes a
 * factor from 0 to 2 as Hindi does (0.45); a language with a decimal comma
 * would have to be passed there too.
 */
export function measuresFor<M extends Measure>(
  measures: Record<keyof ResultMeasures, M> & GridWords,
  inputs: Pick<Inputs, "grid">,
  model: Pick<EstimateModel, "shared">,
  locale: string = DEFAULT_NUMBERS,
): Record<keyof ResultMeasures, M> {
  const grid = inputs.grid === undefined ? measures.gridDefault : fill(measures.gridOwn, { factor: factorText(inputs.grid, locale) })
  return {
    ...measures,
    gridCredit: { ...measures.gridCredit, label: fill(measures.gridCredit.label, { grid }) },
    landfill: { ...measures.landfill, label: fill(measures.landfill.label, { years: model.shared.methanePeriod }) },
  }
}

export interface EstimateRow {
  label: string
  low: number
  typical: number
  high: number
  unit: string
}

/** Version 1 of the payload, as /estimate writes it (src/lib/forms/estimate-payload.ts reads it) */
export interface Estimate {
  v: 1
  /** Display name of the waste stream */
  stream: string
  /** Tonnes per day or per year */
  amount: number
  per: "day" | "year"
  /** Percent */
  moisture: number
  /** Operating days a year */
  days: number
  /** The estimate page with its inputs, a site path starting /estimate? */
  link: string
  results: EstimateRow[]
}

/** The landfill's rows: the headline (the period's yearly average), year 1, and a year's waste over its whole life */
const methaneRows = <M extends Measure>(measures: Record<keyof ResultMeasures, M>, methane: LandfillMethane): [M, Range][] => [
  [measures.landfill, methane.period],
  [measures.landfillFirstYear, methane.firstYear],
  [measures.landfillLifetime, methane.lifetime],
]

/**
 * The rows each solution's results show, in order: [measure, range].
 * Electricity: what the waste burns as, the plant (fuel, efficiency; gross,
 * own use and net while it runs, as plants publish their MW), the year's
 * net, the greenhouse gas in its parts (grid credit, landfill methane
 * avoided, fossil CO2 emitted) and their net, then the ash. A part the
 * stream cannot have (landfill, fossil carbon, an ash with no source) is
 * left out, not shown as 0.
 * Charcoal and biochar avoid greenhouse gas here only as landfill methane:
 * for a stream that would not go to a landfill those rows are left out rather
 * than shown as 0 (the carbon biochar stores is not claimed: no sourced
 * permanence factor).
 */
export function resultRows<M extends Measure>(measures: Record<keyof ResultMeasures, M>, result: SolutionResult, stream: Stream): [M, Range][] {
  if (result.solution === "electricity")
    return [
      [measures.heatingValue, result.heatingValue],
      [measures.fuelInput, result.fuelMW],
      [measures.efficiency, scaleRange(result.netEfficiency, 100)],
      [measures.grossOutput, scaleRange(result.grossKW, 1 / 1000)],
      ...(stream.ownUse ? [[measures.ownUse, scaleRange(result.ownUseKW, 1 / 1000)] as [M, Range]] : []),
      [measures.plantSize, scaleRange(result.kW, 1 / 1000)],
      [measures.electricityDay, result.kWhPerDay],
      [measures.electricityYear, result.mWhPerYear],
      [measures.gridCredit, result.gridCredit],
      ...(stream.landfillCarbon ? methaneRows(measures, result.methane) : []),
      ...(stream.fossilCarbon ? [[measures.fossil, result.fossil] as [M, Range]] : []),
      [measures.ghg, result.co2e],
      ...(stream.bottomAsh ? [[measures.bottomAsh, result.bottomAsh] as [M, Range]] : []),
      ...(stream.flyAsh ? [[measures.flyAsh, result.flyAsh] as [M, Range]] : []),
    ]
  const made: [M, Range] = [result.solution === "charcoal" ? measures.charcoal : measures.biochar, result.tonnesPerDay]
  return stream.landfillCarbon ? [made, ...methaneRows(measures, result.methane)] : [made]
}

/**
 * The estimate of these inputs (read by readInputs, so valid), its figures as
 * the page shows them; throws on an unknown stream. Its numbers are numbers
 * and its link plain JavaScript notation in every language: only the words
 * (and the grid factor in its label, in the page's notation) are the page's.
 */
export function quoteEstimate(model: EstimateModel, words: QuoteWords, inputs: Inputs, locale: string = DEFAULT_NUMBERS): Estimate {
  const stream = streamById(model, inputs.stream)
  if (!stream) throw new Error(`No stream has the id "${inputs.stream}".`)
  const title = (solution: string) => words.solutions.find((candidate) => candidate.id === solution)?.title ?? solution
  const results = estimate(model, inputs)
  const row = (label: string, range: Range, unit: string): EstimateRow => ({
    label,
    low: roundForDisplay(range.low),
    typical: roundForDisplay(range.typical),
    high: roundForDisplay(range.high),
    unit,
  })
  return {
    v: 1,
    stream: stream.name,
    amount: inputs.amount,
    per: inputs.per,
    moisture: inputs.moisture,
    days: inputs.days,
    link: `/estimate?${toQuery(inputs, model)}`,
    results: [
      ...results.flatMap((result) =>
        resultRows(measuresFor(words.results, inputs, model, locale), result, stream).map(([measure, range]) =>
          row(`${title(result.solution)}: ${measure.label}`, range, measure.unit),
        ),
      ),
      // the second step, made from the same results: its cost and earnings travel with the figures, and the server makes them again
      ...economicsRows(words.economics, economics(model, inputs, results)).map((each) =>
        row(`${words.economics.heading}: ${each.label}`, each.range, each.unit),
      ),
    ],
  }
}
