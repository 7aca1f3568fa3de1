/**
 * The estimator's arithmetic (/estimate): what a waste stream would make
 * with each solution, as ranges, from the published factors in
 * content/estimate/estimate.json. Pure functions, shared by the page, its
 * table of outputs per tonne and the tests; the page's "How we estimate"
 * section says the same formulas in words.
 *
 * A range is worked out three times: with every factor at its low value,
 * at its typical value and at its high value, each factor taken in the
 * direction that lowers (or raises) the answer. The visitor's own inputs
 * (amount, moisture, days) are exact.
 */

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
  waterConventional: string
  waterSaving: string
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
  /** t CO2e a year: grid electricity displaced, plus landfill methane avoided where the stream would go to a landfill */
  co2e: Range
  /** m³ a year saved against a conventional steam cycle */
  waterM3: Range
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
/** Methane is 16/12 times the mass of the carbon in it (molar masses of CH4 and C) */
const METHANE_PER_CARBON = 16 / 12
/** 1 MWh is 3.6 GJ (a definition) */
const GJ_PER_MWH = 3.6

type Level = keyof Range
const LEVELS: readonly Level[] = ["low", "typical", "high"]
/** The opposite end, for a factor that lowers the answer as it grows */
const OPPOSITE: Record<Level, Level> = { low: "high", typical: "typical", high: "low" }

export function factorById(model: EstimateModel, id: string): Factor {
  const factor = model.factors.find((candidate) => candidate.id === id)
  if (!factor) throw new Error(`content/estimate/estimate.json: no factor has the id "${id}".`)
  return factor
}

export function streamById(model: EstimateModel, id: string): Stream | undefined {
  return model.streams.find((stream) => stream.id === id)
}

const range = (each: (level: Level) => number): Range => ({ low: each("low"), typical: each("typical"), high: each("high") })

/** Which solutions suit a stream: electricity with an efficiency, charcoal and biochar with a yield */
export function solutionsFor(stream: Stream): SolutionId[] {
  return SOLUTION_IDS.filter((id) => Boolean(id === "electricity" ? stream.efficiency && stream.heatingValue : id === "charcoal" ? stream.charcoalYield : stream.biocharYield))
}

/**
 * The stream's default moisture (% of the wet weight): its moisture
 * factor's typical value. A stream with none is taken as delivered: its
 * figures already hold its water, and the moisture cannot be changed.
 */
export const defaultMoisture = (model: EstimateModel, stream: Stream): number => (stream.moisture ? factorById(model, stream.moisture).typical : (stream.heatingValueMoisture ?? 0))
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
  return inputs.per === "day" ? { perDay: inputs.amount, perYear: inputs.amount * inputs.days } : { perDay: inputs.amount / inputs.days, perYear: inputs.amount }
}

/**
 * t CO2e a year of landfill methane the stream no longer makes (IPCC 2006,
 * vol. 5 ch. 3, first-order decay summed over its whole course):
 * t × DOC × DOCf × MCF × F × 16/12 × (1 − OX) × GWP(CH4).
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
      // GJ of fuel a day × efficiency ÷ 3.6 GJ per MWh
      const mWhPerDay = range((level) => (perDay * heatingValueAt(heat[level], (stream.heatingValueMoisture ?? 0) / 100, moisture, latentHeat) * efficiency[level]) / GJ_PER_MWH)
      const mWhPerYear = range((level) => mWhPerDay[level] * inputs.days)
      const grid = f(model.shared.gridEmission)
      const water = f(model.shared.waterConventional)
      const saving = f(model.shared.waterSaving)
      return {
        solution,
        kWhPerDay: range((level) => mWhPerDay[level] * 1000),
        mWhPerYear,
        kW: range((level) => (mWhPerDay[level] * 1000) / 24),
        co2e: range((level) => mWhPerYear[level] * grid[level] + landfill[level]),
        waterM3: range((level) => mWhPerYear[level] * water[level] * saving[level]),
      }
    }
    const yieldFactor = f((solution === "charcoal" ? stream.charcoalYield : stream.biocharYield)!)
    const tonnesPerDay = range((level) => dryPerDay * yieldFactor[level])
    return { solution, tonnesPerDay, tonnesPerYear: range((level) => tonnesPerDay[level] * inputs.days), co2e: landfill }
  })
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

export function formatNumber(value: number): string {
  return roundForDisplay(value).toLocaleString("en-GB", { maximumFractionDigits: 6 })
}

export interface InputErrors {
  amount?: true
  moisture?: true
  days?: true
}

/** The inputs as the form or the address gives them (strings), checked; the defaults fill what is left empty */
export function readInputs(
  model: EstimateModel,
  raw: Partial<Record<keyof Inputs, string | null | undefined>>,
  fallbackAmount: number,
): { inputs: Inputs; errors: InputErrors } {
  const stream = streamById(model, raw.stream ?? "") ?? model.streams[0]!
  const errors: InputErrors = {}
  const number = (text: string | null | undefined) => (text == null || text.trim() === "" ? undefined : Number(text.trim().replace(",", ".")))
  let amount = number(raw.amount)
  if (amount === undefined) amount = raw.amount == null ? fallbackAmount : NaN
  if (!Number.isFinite(amount) || amount <= 0 || amount > 1e7) errors.amount = true
  let moisture = (moistureFixed(stream) ? undefined : number(raw.moisture)) ?? defaultMoisture(model, stream)
  if (!Number.isFinite(moisture) || moisture < 0 || moisture > MAX_MOISTURE) errors.moisture = true
  let days = number(raw.days) ?? defaultDays(model)
  if (!Number.isInteger(days) || days < 1 || days > 366) errors.days = true
  if (errors.amount) amount = 0
  if (errors.moisture) moisture = defaultMoisture(model, stream)
  if (errors.days) days = defaultDays(model)
  return { inputs: { stream: stream.id, amount, per: raw.per === "year" ? "year" : "day", moisture, days }, errors }
}

/** The inputs as the page's address carries them (?stream=rice-husk&amount=20&per=day&moisture=10&days=330) */
export function toQuery(inputs: Inputs): string {
  const query = new URLSearchParams({ stream: inputs.stream, amount: String(inputs.amount), per: inputs.per, moisture: String(inputs.moisture), days: String(inputs.days) })
  return query.toString()
}

export { LEVELS }
