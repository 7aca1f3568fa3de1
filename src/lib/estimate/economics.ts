/**
 * The estimator's second step: what a plant like the visitor's has cost in
 * India, what its electricity is paid, what the city and the government
 * add, and what its biochar and landfill-methane credits could bring. Every
 * figure is a published factor of content/estimate/estimate.en.json (its
 * source, year and how sure it is beside it) times the first step's own
 * results; a stream without a sourced factor gets no figure, never a guess.
 * Rupees in rupees, dollars in dollars (the voluntary market's prices are
 * published in US$, and no exchange rate is sourced): the page writes them in
 * lakh and crore (src/lib/money.ts).
 */
import { factorById, range, type EstimateModel, type Inputs, type Range, type Stream } from "./model"

/** A crore is 1,00,00,000 rupees; the factors give capital costs and support in crore */
export const CRORE = 1e7
/** A lakh is 1,00,000 rupees */
const LAKH = 1e5

/** How an amount of rupees is written: in crore from a crore, in lakh from a lakh, else in rupees (the page's money and the quote's rows alike) */
export function rupeeScale(rupees: number): { divisor: number; unit: "crore" | "lakh" | "rupees" } {
  const size = Math.abs(rupees)
  return size >= CRORE ? { divisor: CRORE, unit: "crore" } : size >= LAKH ? { divisor: LAKH, unit: "lakh" } : { divisor: 1, unit: "rupees" }
}
/** The largest tipping fee the estimator takes, ₹ a tonne: ten times any Indian city's, room without nonsense */
export const MAX_FEE = 100000

/** What the first step found that the second multiplies: electricity's gross output and net year, the biochar made, the landfill methane avoided */
export interface FirstStep {
  /** Gross output while running, kW (the nameplate the cost and the support are per MW of); undefined: no electricity */
  grossKW?: Range
  /** Net MWh a year sold; undefined: no electricity */
  mWhPerYear?: Range
  /** Biochar, t a year; undefined: biochar does not suit the stream */
  biochar?: Range
  /** Landfill methane avoided, t CO2e a year (the period's average); undefined: the stream would not go to a landfill */
  methane?: Range
}

export interface Economics {
  /** ₹ once: capital cost of plants of that kind per MW gross times the plant's gross MW */
  capital?: Range
  /** ₹ a year: net MWh a year times the tariffs set or signed for that kind of plant */
  power?: Range
  /** ₹ a year: the visitor's tipping fee times the tonnes a year */
  fee?: Range
  /** ₹ once: the central scheme's rate per MW gross, up to its cap */
  support?: Range
  /** Whether the cap held the support down at the typical plant */
  supportCapped?: boolean
  /** ₹ a year: biochar at published Indian prices */
  biochar?: Range
  /** US$ a year: the landfill methane avoided at voluntary-market prices, if credited */
  credit?: Range
}

const times = (value: Range, factor: Range, by = 1): Range => range((level) => value[level] * factor[level] * by)
/** A factor's range as the arithmetic takes it */
const factorRange = (model: Pick<EstimateModel, "factors">, id: string): Range => {
  const { low, typical, high } = factorById(model, id)
  return { low, typical, high }
}
const some = (value: Range | undefined): value is Range => value !== undefined && value.high > 0

/**
 * The second step for a stream and its first step's results. A plant is
 * built for its typical fuel (as the first step sizes it): its capital cost
 * and its support are its typical gross MW times the factor's range, so the
 * range is the cost's, not the waste's. What it sells is the first step's
 * net MWh range, each end times the tariff's same end: the low earnings are
 * the wettest waste's at the lowest tariff. The support is the rate per MW
 * held to the scheme's cap.
 */
export function economicsOf(model: EstimateModel, stream: Stream, inputs: Pick<Inputs, "fee">, tonnesPerYear: number, first: FirstStep): Economics {
  const made: Economics = {}
  const grossMW = first.grossKW ? first.grossKW.typical / 1000 : 0
  // the plant as built: one size, whatever the waste's range
  const plant = range(() => grossMW)
  if (grossMW > 0 && stream.capitalCost) made.capital = times(plant, factorRange(model, stream.capitalCost), CRORE)
  // ₹ per kWh, a thousand kWh a MWh
  if (some(first.mWhPerYear) && stream.tariff) made.power = times(first.mWhPerYear, factorRange(model, stream.tariff), 1000)
  if (stream.tippingFee && inputs.fee !== undefined && inputs.fee > 0) made.fee = range(() => inputs.fee! * tonnesPerYear)
  if (grossMW > 0 && stream.supportRate) {
    const cap = stream.supportCap ? factorById(model, stream.supportCap).typical * CRORE : Infinity
    const uncapped = times(plant, factorRange(model, stream.supportRate), CRORE)
    made.support = range((level) => Math.min(uncapped[level], cap))
    made.supportCapped = uncapped.typical > cap
  }
  // ₹ per kg, a thousand kg a tonne
  if (some(first.biochar)) made.biochar = times(first.biochar, factorRange(model, model.shared.biocharPrice), 1000)
  if (some(first.methane)) made.credit = times(first.methane, factorRange(model, model.shared.methaneCredit))
  return made
}
