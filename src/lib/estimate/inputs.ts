/**
 * The estimator's inputs as the form or the address gives them (strings),
 * checked, with the defaults filling what is left empty; and the address
 * that carries them.
 */
import { climateById, factorById, HEAT_UNITS, siteById, streamById, type EstimateModel, type HeatUnit, type Inputs, type Stream } from "./model"
import { readPlainNumber, type NumberReader } from "./numbers"
import { fromMegajoules } from "./heating-value"
import { MAX_FEE } from "./economics"

/** The largest moisture the estimator takes: wetter waste does not burn */
export const MAX_MOISTURE = 95
/** The largest grid emission factor the estimator takes, t CO2 per MWh: twice a coal plant's, room for any grid without taking nonsense */
export const MAX_GRID = 2
/** The largest amount the estimator takes, in tonnes (a day or a year) */
export const MAX_AMOUNT = 1e7
/** The largest heating value the estimator takes, MJ/kg: above fuel oil's (about 42), and no waste's */
export const MAX_HEAT_MJ = 50

/** The largest heating value in the unit the visitor uses (50 MJ/kg, 11,942 kcal/kg), whole units */
export const maxHeat = (unit: HeatUnit): number => Math.floor(fromMegajoules(MAX_HEAT_MJ, unit))

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
/** The default share of the landfill's methane already collected, %: the shared factor's typical value */
export const defaultCollected = (model: EstimateModel): number => factorById(model, model.shared.gasCollected).typical * 100

export interface InputErrors {
  amount?: true
  moisture?: true
  days?: true
  grid?: true
  heat?: true
  collected?: true
  fee?: true
}

/**
 * The inputs as the form or the address gives them (strings), checked; the
 * defaults fill what is left empty. The address and the server write numbers
 * in JavaScript's notation (readPlainNumber, the default); a visitor's typing
 * is read with their locale's reader. An unknown kind of site or climate (a
 * hand-made address) is the default one, as an unknown stream is the first.
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
  const heatUnit: HeatUnit = (HEAT_UNITS as readonly string[]).includes(raw.heatUnit ?? "") ? (raw.heatUnit as HeatUnit) : "mj"
  // the visitor's measured heating value, only for a waste that burns; none given: the stream's published range
  let heat = stream.heatingValue ? number(raw.heat) : undefined
  if (heat !== undefined && (!Number.isFinite(heat) || heat <= 0 || heat > maxHeat(heatUnit))) {
    errors.heat = true
    heat = undefined
  }
  let collected = stream.landfillCarbon ? (number(raw.collected) ?? defaultCollected(model)) : defaultCollected(model)
  if (!Number.isFinite(collected) || collected < 0 || collected > 100) {
    errors.collected = true
    collected = defaultCollected(model)
  }
  // the city's tipping fee, ₹ a tonne, only for a stream a city pays to have taken; none given: none counted
  let fee = stream.tippingFee ? number(raw.fee) : undefined
  if (fee !== undefined && (!Number.isFinite(fee) || fee < 0 || fee > MAX_FEE)) {
    errors.fee = true
    fee = undefined
  }
  const site = siteById(model, raw.site ?? "")?.id ?? model.shared.defaultSite
  const climate = climateById(model, raw.climate ?? "")?.id ?? model.shared.defaultClimate
  const inputs: Inputs = { stream: stream.id, amount, per: raw.per === "year" ? "year" : "day", moisture, days, heatUnit, site, climate, collected }
  if (grid !== undefined) inputs.grid = grid
  if (heat !== undefined) inputs.heat = heat
  if (fee !== undefined) inputs.fee = fee
  return { inputs, errors }
}

/**
 * The inputs as the page's address carries them
 * (?stream=rice-husk&amount=20&per=day&moisture=10&days=330), then what the
 * visitor changed from the defaults: &grid=0.5 for their own grid,
 * &heat=1500&heatUnit=kcal for their measured heating value, &site=, &climate=
 * and &collected= for the landfill the waste would go to; &fee= for the
 * city's tipping fee (the second step's one input).
 */
export function toQuery(inputs: Inputs, model: EstimateModel): string {
  const query = new URLSearchParams({
    stream: inputs.stream,
    amount: String(inputs.amount),
    per: inputs.per,
    moisture: String(inputs.moisture),
    days: String(inputs.days),
  })
  if (inputs.grid !== undefined) query.set("grid", String(inputs.grid))
  if (inputs.heat !== undefined) query.set("heat", String(inputs.heat))
  if (inputs.heatUnit !== "mj") query.set("heatUnit", inputs.heatUnit)
  if (inputs.site !== model.shared.defaultSite) query.set("site", inputs.site)
  if (inputs.climate !== model.shared.defaultClimate) query.set("climate", inputs.climate)
  if (inputs.collected !== defaultCollected(model)) query.set("collected", String(inputs.collected))
  if (inputs.fee !== undefined) query.set("fee", String(inputs.fee))
  return query.toString()
}
