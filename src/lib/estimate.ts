/**
 * The estimator's arithmetic (/estimate): what a waste stream would make
 * with each solution, as ranges, from the published factors in
 * content/estimate/estimate.en.json. Pure functions, shared by the page, its
 * table of outputs per tonne and the tests; the page's "How we estimate"
 * section says the same formulas in words.
 *
 * A range is worked out three times: with every factor at its low value,
 * at its typical value and at its high value, each factor taken in the
 * direction that lowers (or raises) the answer. The visitor's own inputs
 * (amount, moisture, days, and the grid's emission factor when they give
 * one in place of India's) are exact.
 *
 * Greenhouse gas comes in parts: the grid electricity displaced, the
 * landfill methane avoided and the fossil CO2 the burning emits; the net is
 * the first two less the third, each part taken in the direction that
 * lowers (or raises) the net. No output, no grid credit.
 */

import { DEFAULT_LANGUAGE, numberLocale } from "./languages"
import { numberFormat } from "./number-format"

/** The default language's notation, for figures no page's language is given for (the forms' server, the tests' sums) */
export const DEFAULT_NUMBERS = numberLocale(DEFAULT_LANGUAGE.code)

export interface Factor {
  id: string
  label: string
  low: number
  typical: number
  high: number
  unit: string
  source: { title: string; publisher: string; year: number; url: string }
  note?: string | null
}

export interface Stream {
  id: string
  name: string
  group: string
  heatingValue?: string | null
  heatingValueMoisture?: number | null
  moisture?: string | null
  efficiency?: string | null
  charcoalYield?: string | null
  biocharYield?: string | null
  landfillCarbon?: string | null
  /** Factor id: fossil CO2 (t per t as delivered) its burning emits; none when all its carbon is biogenic */
  fossilCarbon?: string | null
  /** Factor id: fuel input (MW) of the plant its efficiency was measured on */
  referencePlant?: string | null
  /** t a day the form starts this stream at, where the page's default is more than such a source makes */
  defaultAmount?: number | null
  /** Said under the amount for this stream */
  amountNote?: string | null
  /** Our machines on this stream's line, replacing its solutions' lists */
  machines?: readonly string[] | null
  /** Said under this stream's machines */
  lineNote?: string | null
}

export interface SharedFactors {
  latentHeat: string
  operatingDays: string
  decomposable: string
  methaneCorrection: string
  methaneFraction: string
  oxidation: string
  methaneWarming: string
  gridEmission: string
  /** Share of the landfill's methane already collected and burnt (R) */
  gasCollected: string
  /** Heating value as delivered a waste needs to burn without support fuel: low never below, typical the year's average */
  supportFuel: string
  /** Factor id: net output (kW) of the smallest plants known to make power from such waste */
  smallestPlant: string
  /** Factor id: waste (t a day) the largest waste-to-energy plant was built to burn */
  largestPlant: string
}

export interface EstimateModel {
  streams: readonly Stream[]
  factors: readonly Factor[]
  shared: SharedFactors
}

export type Per = "day" | "year"
export type SolutionId = "electricity" | "charcoal" | "biochar"
export const SOLUTION_IDS: readonly SolutionId[] = ["electricity", "charcoal", "biochar"]

export interface Inputs {
  stream: string
  amount: number
  per: Per
  /** % of the wet weight */
  moisture: number
  /** Operating days per year */
  days: number
  /** The visitor's own grid emission factor, t CO2 per MWh; undefined: the model's (India's) range */
  grid?: number
}

export interface Range {
  low: number
  typical: number
  high: number
}

export interface ElectricityResult {
  solution: "electricity"
  /** Net kWh on an operating day */
  kWhPerDay: Range
  /** Net MWh a year */
  mWhPerYear: Range
  /** Net output running round the clock on operating days, kW */
  kW: Range
  /** Heating value as delivered, MJ/kg */
  heatingValue: Range
  /** Fuel the plant burns, MW (the heating value of a running day's waste) */
  fuelMW: Range
  /** t CO2 a year of grid electricity displaced */
  gridCredit: Range
  /** t CO2e a year of landfill methane avoided, where the stream would go to a landfill */
  landfill: Range
  /** t CO2 a year of fossil carbon burnt */
  fossil: Range
  /** t CO2e a year avoided, net: grid credit plus landfill methane less fossil CO2 (negative when burning emits more) */
  co2e: Range
}

export interface CharResult {
  solution: "charcoal" | "biochar"
  /** t on an operating day */
  tonnesPerDay: Range
  tonnesPerYear: Range
  /** t CO2e a year: landfill methane avoided (0 for a stream that would not go to a landfill) */
  co2e: Range
}

export type SolutionResult = ElectricityResult | CharResult

/** The largest moisture the estimator takes: wetter waste does not burn */
export const MAX_MOISTURE = 95
/** The largest grid emission factor the estimator takes, t CO2 per MWh: twice a coal plant's, room for any grid without taking nonsense */
export const MAX_GRID = 2
/** Methane is 16/12 times the mass of the carbon in it (molar masses of CH4 and C) */
const METHANE_PER_CARBON = 16 / 12
/** 1 MWh is 3.6 GJ (a definition) */
const GJ_PER_MWH = 3.6
/** Seconds in a day: MJ a day ÷ 86,400 s is MW */
const SECONDS_PER_DAY = 86400

type Level = keyof Range
const LEVELS: readonly Level[] = ["low", "typical", "high"]
/** The opposite end, for a factor that lowers the answer as it grows */
const OPPOSITE: Record<Level, Level> = { low: "high", typical: "typical", high: "low" }

export function factorById(model: EstimateModel, id: string): Factor {
  const factor = model.factors.find((candidate) => candidate.id === id)
  if (!factor) throw new Error(`content/estimate/estimate.en.json: no factor has the id "${id}".`)
  return factor
}

export function streamById(model: EstimateModel, id: string): Stream | undefined {
  return model.streams.find((stream) => stream.id === id)
}

const range = (each: (level: Level) => number): Range => ({ low: each("low"), typical: each("typical"), high: each("high") })

/** Which solutions suit a stream: electricity with an efficiency, charcoal and biochar with a yield */
export function solutionsFor(stream: Stream): SolutionId[] {
  return SOLUTION_IDS.filter((id) =>
    Boolean(id === "electricity" ? stream.efficiency && stream.heatingValue : id === "charcoal" ? stream.charcoalYield : stream.biocharYield),
  )
}

/**
 * The stream's default moisture (% of the wet weight): its moisture
 * factor's typical value. A stream with none is taken as delivered: its
 * figures already hold its water, and the moisture cannot be changed.
 */
export const defaultMoisture = (model: EstimateModel, stream: Stream): number =>
  stream.moisture ? factorById(model, stream.moisture).typical : (stream.heatingValueMoisture ?? 0)
export const moistureFixed = (stream: Stream): boolean => !stream.moisture
/** The default operating days: the shared factor's typical value, a whole number */
export const defaultDays = (model: EstimateModel): number => Math.round(factorById(model, model.shared.operatingDays).typical)

/**
 * Lower heating value as received at moisture m (fractions, MJ/kg): the dry
 * matter's heat less what evaporating the water takes,
 * LHV(m) = LHV_dry × (1 − m) − L × m, where a figure given at moisture m0
 * is first brought to dry: LHV_dry = (LHV(m0) + L × m0) / (1 − m0).
 */
export function heatingValueAt(value: number, givenAt: number, moisture: number, latentHeat: number): number {
  const dry = (value + latentHeat * givenAt) / (1 - givenAt)
  return Math.max(0, dry * (1 - moisture) - latentHeat * moisture)
}

/** Tonnes a year and tonnes on an operating day, from the amount as given */
export function tonnage(inputs: Pick<Inputs, "amount" | "per" | "days">): { perDay: number; perYear: number } {
  return inputs.per === "day"
    ? { perDay: inputs.amount, perYear: inputs.amount * inputs.days }
    : { perDay: inputs.amount / inputs.days, perYear: inputs.amount }
}

/**
 * t CO2e a year of landfill methane the stream no longer makes (IPCC 2006,
 * vol. 5 ch. 3, first-order decay summed over its whole course):
 * t × DOC × DOCf × MCF × F × 16/12 × (1 − R) × (1 − OX) × GWP(CH4), R the
 * share of the gas already collected.
 */
function landfillCo2e(model: EstimateModel, stream: Stream, tonnesPerYear: number, level: Level): number {
  if (!stream.landfillCarbon) return 0
  const f = (id: string, at: Level = level) => factorById(model, id)[at]
  const { shared } = model
  return (
    tonnesPerYear *
    f(stream.landfillCarbon) *
    f(shared.decomposable) *
    f(shared.methaneCorrection) *
    f(shared.methaneFraction) *
    METHANE_PER_CARBON *
    (1 - f(shared.gasCollected, OPPOSITE[level])) *
    (1 - f(shared.oxidation, OPPOSITE[level])) *
    f(shared.methaneWarming)
  )
}

/** t CO2e of landfill methane avoided by taking these tonnes; zero for a stream that would not go to a landfill */
export function landfillAvoided(model: EstimateModel, stream: Stream, tonnes: number): Range {
  return range((level) => landfillCo2e(model, stream, tonnes, level))
}

/** Every suitable solution's results for the inputs; throws on an unknown stream */
export function estimate(model: EstimateModel, inputs: Inputs): SolutionResult[] {
  const stream = streamById(model, inputs.stream)
  if (!stream) throw new Error(`No stream has the id "${inputs.stream}".`)
  const moisture = inputs.moisture / 100
  const { perDay, perYear } = tonnage(inputs)
  const f = (id: string) => factorById(model, id)
  const latentHeat = f(model.shared.latentHeat).typical
  const landfill = landfillAvoided(model, stream, perYear)
  const dryPerDay = perDay * (1 - moisture)

  return solutionsFor(stream).map((solution): SolutionResult => {
    if (solution === "electricity") {
      const heat = f(stream.heatingValue!)
      const efficiency = f(stream.efficiency!)
      const heatingValue = range((level) => heatingValueAt(heat[level], (stream.heatingValueMoisture ?? 0) / 100, moisture, latentHeat))
      // GJ of fuel a day × efficiency ÷ 3.6 GJ per MWh
      const mWhPerDay = range((level) => (perDay * heatingValue[level] * efficiency[level]) / GJ_PER_MWH)
      const mWhPerYear = range((level) => mWhPerDay[level] * inputs.days)
      const grid = gridFactor(model, inputs)
      const gridCredit = range((level) => mWhPerYear[level] * grid[level])
      // waste that does not burn makes nothing and stays where it would have gone: no credit, no emission
      const burns = heatingValue.typical > 0
      const fossilFactor = stream.fossilCarbon ? f(stream.fossilCarbon) : undefined
      const fossil = range((level) => (burns && fossilFactor ? perYear * fossilFactor[level] : 0))
      const avoided = burns ? landfill : range(() => 0)
      return {
        solution,
        kWhPerDay: range((level) => mWhPerDay[level] * 1000),
        mWhPerYear,
        kW: range((level) => (mWhPerDay[level] * 1000) / 24),
        heatingValue,
        fuelMW: range((level) => (perDay * 1000 * heatingValue[level]) / SECONDS_PER_DAY),
        gridCredit,
        landfill: avoided,
        fossil,
        // the low end counts the most fossil CO2, the high end the least
        co2e: range((level) => gridCredit[level] + avoided[level] - fossil[OPPOSITE[level]]),
      }
    }
    const yieldFactor = f((solution === "charcoal" ? stream.charcoalYield : stream.biocharYield)!)
    const tonnesPerDay = range((level) => dryPerDay * yieldFactor[level])
    return { solution, tonnesPerDay, tonnesPerYear: range((level) => tonnesPerDay[level] * inputs.days), co2e: landfill }
  })
}

/** The grid emission factor the inputs use: the visitor's own, exactly, or the model's range (India by default) */
export function gridFactor(model: EstimateModel, inputs: Pick<Inputs, "grid">): Range {
  if (inputs.grid !== undefined) return range(() => inputs.grid!)
  const { low, typical, high } = factorById(model, model.shared.gridEmission)
  return { low, typical, high }
}

/**
 * A figure for people: two significant figures (the factors are not known
 * better than that), thousands separated, so 1,534.2 reads "1,500" and
 * 0.0412 reads "0.041". toPrecision, not a logarithm and toFixed: it takes
 * any finite number (toFixed threw below 1e-100, as ?amount=1e-102 gave),
 * and the language defines its digits exactly, so the browser and the
 * server (which checks an estimate's figures) round alike.
 */
export function roundForDisplay(value: number): number {
  if (value === 0 || !Number.isFinite(value)) return 0
  const rounded = Number(value.toPrecision(2))
  // only the very largest numbers round up past the largest double (1.8e308)
  return Number.isFinite(rounded) ? rounded : value
}

/**
 * A figure rounded for people (roundForDisplay), in the page's notation
 * (src/lib/languages.ts, numberLocale): 1,500 and 100,000 in English, 1,00,000
 * in Hindi.
 */
export function formatNumber(value: number, locale: string = DEFAULT_NUMBERS): string {
  return numberFormat(locale, { maximumFractionDigits: 6 }).format(roundForDisplay(value))
}

/**
 * A factor's value as its source gives it, every digit kept, in the page's
 * notation; a value of four digits stays as printed (5000), as the pages
 * have always shown it, and a longer one is grouped (12,345, 1,23,456 in
 * Hindi). Intl's useGrouping "min2" says the same, but not to a browser
 * older than 2023, which would write 5,000.
 */
export function formatExact(value: number, locale: string = DEFAULT_NUMBERS): string {
  return numberFormat(locale, { maximumFractionDigits: 20, useGrouping: Math.abs(value) >= 10000 }).format(value)
}

/**
 * Would the waste burn without support fuel? The World Bank's guide asks for
 * a year's average heating value (as delivered) of at least the factor's
 * typical value and never below its low one: "short" when the typical value
 * falls short of the average, "season" when only the low end dips below the
 * minimum, undefined when both hold.
 */
export function supportFuelNeed(model: EstimateModel, heatingValue: Range): "short" | "season" | undefined {
  const threshold = factorById(model, model.shared.supportFuel)
  if (heatingValue.typical < threshold.typical) return "short"
  if (heatingValue.low < threshold.low) return "season"
  return undefined
}

/**
 * The plant the stream's efficiency was measured on, beside the one these
 * inputs need (MW of fuel, typical): efficiency falls with size, so a plant
 * much smaller than the reference makes less than the figures say.
 */
export function plantScale(model: EstimateModel, stream: Stream, fuelMW: Range): { reference: number; needed: number } | undefined {
  if (!stream.referencePlant) return undefined
  return { reference: factorById(model, stream.referencePlant).typical, needed: fuelMW.typical }
}

/**
 * Whether a plant of this size exists: "small" when its typical net output is
 * below the smallest plants known to make power from such waste, "large" when
 * it would burn more a day than the largest waste-to-energy plant was built
 * for (the figures are then those of several plants); undefined in between.
 */
export function plantExists(model: EstimateModel, result: Pick<ElectricityResult, "kW">, tonnesPerDay: number): "small" | "large" | undefined {
  if (result.kW.typical > 0 && result.kW.typical < factorById(model, model.shared.smallestPlant).typical) return "small"
  if (tonnesPerDay > factorById(model, model.shared.largestPlant).typical) return "large"
  return undefined
}

/**
 * The factors an estimate of these inputs rests on, in the model's order:
 * the stream's own and the shared ones its solutions use (the grid's only
 * when the visitor gave no factor of their own). What a printed estimate
 * cites, since a sheet of paper has no link to the table.
 */
export function factorsUsed(model: EstimateModel, inputs: Pick<Inputs, "stream" | "grid">): Factor[] {
  const stream = streamById(model, inputs.stream)
  if (!stream) return []
  const { shared } = model
  const electricity = solutionsFor(stream).includes("electricity")
  const ids = new Set<string | null | undefined>([
    stream.heatingValue,
    stream.moisture,
    stream.efficiency,
    stream.charcoalYield,
    stream.biocharYield,
    stream.landfillCarbon,
    stream.fossilCarbon,
    stream.referencePlant,
    shared.operatingDays,
  ])
  if (electricity)
    [shared.latentHeat, shared.supportFuel, shared.smallestPlant, shared.largestPlant, inputs.grid === undefined ? shared.gridEmission : undefined].forEach(
      (id) => ids.add(id),
    )
  if (stream.landfillCarbon)
    [shared.decomposable, shared.methaneCorrection, shared.methaneFraction, shared.oxidation, shared.methaneWarming, shared.gasCollected].forEach((id) =>
      ids.add(id),
    )
  return model.factors.filter((factor) => ids.has(factor.id))
}

export interface InputErrors {
  amount?: true
  moisture?: true
  days?: true
  grid?: true
}

/** How a number was read: its value (NaN when it is no number) */
export type NumberReader = (text: string) => number

/** A number as the page's address and the server carry it: JavaScript's own notation (12.5, 1e-7), nothing else */
export const readPlainNumber: NumberReader = (text) => (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text.trim()) ? Number(text.trim()) : NaN)

/** Devanagari's digits, zero to nine (U+0966-U+096F), as a Hindi keyboard types them */
const DEVANAGARI_DIGITS = /[\u0966-\u096f]/g

/** The text with Devanagari digits as Latin ones (१,००,००० is 1,00,000); nothing else changes */
export const latinDigits = (text: string): string => text.replace(DEVANAGARI_DIGITS, (digit) => String(digit.charCodeAt(0) - 0x0966))

/**
 * A number as a visitor in this locale types it: the locale's decimal sign
 * and its thousands separators (en-GB 1,000.5, de 1.000,5, fr 1 000,5,
 * en-IN and hi-IN 1,00,000.5 as well as 100,000.5),
 * spaces between groups of three in any locale, and scientific notation;
 * in Latin digits or Devanagari ones (१,०००) in any locale, as a Hindi
 * keyboard gives those whatever the browser's language.
 * "1,000" is a thousand in English and one in German, as each writes it; a
 * sign that cannot be the locale's separator (en "12,5": no group of three)
 * is read as the decimal sign. Anything else is no number.
 */
export function numberReader(locale: string): NumberReader {
  const parts = numberFormat(locale).formatToParts(1000.5)
  const decimal = parts.find((part) => part.type === "decimal")?.value ?? "."
  const group = parts.find((part) => part.type === "group")?.value ?? ","
  // a locale that groups in twos above the thousands writes a million 10,00,000
  const lakhs = /^\d\d\D\d\d\D\d{3}$/.test(numberFormat(locale, { numberingSystem: "latn" }).format(1000000))
  const escape = (sign: string) => sign.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
  const spaces = /[ \u00a0\u202f]/
  return (typed) => {
    let text = latinDigits(typed.trim())
    // spaces between groups of three are a thousands separator everywhere
    if (/^\d{1,3}([ \u00a0\u202f]\d{3})+([.,]\d+)?$/.test(text)) text = text.replace(new RegExp(spaces.source, "g"), "")
    if (/^\d+(\.\d+)?e[+-]?\d+$/i.test(text)) return Number(text)
    const groupSign = spaces.test(group) ? "\u0000" : group
    // groups of three (1,000,000), or in a locale that writes them, of two above the thousands (en-IN 10,00,000)
    const thousands = lakhs
      ? `(\\d{1,3}(${escape(groupSign)}\\d{3})+|\\d{1,2}(${escape(groupSign)}\\d{2})+${escape(groupSign)}\\d{3})`
      : `\\d{1,3}(${escape(groupSign)}\\d{3})+`
    const grouped = new RegExp(`^${thousands}(${escape(decimal)}\\d+)?$`)
    const plain = new RegExp(`^\\d+(${escape(decimal)}\\d+)?$`)
    if (grouped.test(text) || plain.test(text)) return Number(text.split(groupSign).join("").replace(decimal, "."))
    // the other sign, once, where it cannot be a thousands separator: the decimal sign
    const other = /^(\d+)[.,](\d+)$/.exec(text)
    if (other && other[2]!.length !== 3) return Number(`${other[1]}.${other[2]}`)
    return NaN
  }
}

/**
 * A number as typed on a page: in the visitor's browser's notation first
 * (1.000 is a thousand to a German reader, as on the English pages), and
 * what that cannot read in the page's own (a lakh, 1,00,000, on the Hindi
 * pages whatever the browser's language).
 */
export function typedNumberReader(visitor: string, page: string): NumberReader {
  const readers = [numberReader(visitor), numberReader(page)]
  return (text) => {
    for (const read of readers) {
      const value = read(text)
      if (!Number.isNaN(value)) return value
    }
    return NaN
  }
}

/** The largest amount the estimator takes, in tonnes (a day or a year) */
export const MAX_AMOUNT = 1e7

/**
 * The inputs as the form or the address gives them (strings), checked; the
 * defaults fill what is left empty. The address and the server write numbers
 * in JavaScript's notation (readPlainNumber, the default); a visitor's typing
 * is read with their locale's reader.
 */
export function readInputs(
  model: EstimateModel,
  raw: Partial<Record<keyof Inputs, string | null | undefined>>,
  fallbackAmount: number,
  readNumber: NumberReader = readPlainNumber,
): { inputs: Inputs; errors: InputErrors } {
  const stream = streamById(model, raw.stream ?? "") ?? model.streams[0]!
  const errors: InputErrors = {}
  // + 0 turns -0 into 0: the page would label a factor "-0" while its address (String(-0)) says "0", and the server remakes it from the address
  const number = (text: string | null | undefined) => (text == null || text.trim() === "" ? undefined : readNumber(text) + 0)
  let amount = number(raw.amount)
  if (amount === undefined) amount = raw.amount == null ? fallbackAmount : NaN
  if (!Number.isFinite(amount) || amount <= 0 || amount > MAX_AMOUNT) errors.amount = true
  let moisture = (moistureFixed(stream) ? undefined : number(raw.moisture)) ?? defaultMoisture(model, stream)
  if (!Number.isFinite(moisture) || moisture < 0 || moisture > MAX_MOISTURE) errors.moisture = true
  let days = number(raw.days) ?? defaultDays(model)
  if (!Number.isInteger(days) || days < 1 || days > 366) errors.days = true
  if (errors.amount) amount = 0
  if (errors.moisture) moisture = defaultMoisture(model, stream)
  if (errors.days) days = defaultDays(model)
  // no grid factor given: the model's own (India's) range
  let grid = number(raw.grid)
  if (grid !== undefined && (!Number.isFinite(grid) || grid < 0 || grid > MAX_GRID)) {
    errors.grid = true
    grid = undefined
  }
  const inputs: Inputs = { stream: stream.id, amount, per: raw.per === "year" ? "year" : "day", moisture, days }
  if (grid !== undefined) inputs.grid = grid
  return { inputs, errors }
}

/** The inputs as the page's address carries them (?stream=rice-husk&amount=20&per=day&moisture=10&days=330, then &grid=0.5 for the visitor's own grid) */
export function toQuery(inputs: Inputs): string {
  const query = new URLSearchParams({
    stream: inputs.stream,
    amount: String(inputs.amount),
    per: inputs.per,
    moisture: String(inputs.moisture),
    days: String(inputs.days),
  })
  if (inputs.grid !== undefined) query.set("grid", String(inputs.grid))
  return query.toString()
}

export { LEVELS }
