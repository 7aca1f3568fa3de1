/**
 * Landfill methane a stream no longer makes when it is taken instead, as
 * IPCC 2006 (vol. 5 ch. 3) and the CDM's tool for solid waste disposal sites
 * (TOOL04) count it: first-order decay. A year's waste would make, over its
 * whole life, M = W × DOC × DOCf × MCF × F × 16/12 × (1 − R) × (1 − OX) × GWP
 * t CO2e of methane; decaying at the rate k, a fraction 1 − e^(−k) of it in
 * its first year. A plant that takes W t every year from year 1 avoids, in
 * year n, what the waste of years 1 to n would have made that year:
 * M × (1 − e^(−kn)). The headline is that averaged over the first years
 * (shared.methanePeriod), with year 1 and the whole life beside it.
 */
import { climateById, factorById, OPPOSITE, range, siteById, ZERO, type EstimateModel, type Inputs, type Level, type Range, type Stream } from "./model"

/** Methane is 16/12 times the mass of the carbon in it (molar masses of CH4 and C) */
const METHANE_PER_CARBON = 16 / 12

export interface LandfillMethane {
  /** t CO2e a year, averaged over the first shared.methanePeriod years of the plant */
  period: Range
  /** t CO2e in the plant's first year */
  firstYear: Range
  /** t CO2e a year of waste makes over its whole life (what decades of taking it avoid each year) */
  lifetime: Range
}

/** Share of a year's waste's whole-life methane that is avoided in year n when the waste is taken every year from year 1 */
export const decayedBy = (k: number, year: number): number => 1 - Math.exp(-k * year)

/** The mean of decayedBy over years 1 to n: 1 − e^(−k) (1 − e^(−kn)) / (n (1 − e^(−k))) */
export function averageDecayed(k: number, years: number): number {
  if (k <= 0) return 0
  const q = Math.exp(-k)
  return 1 - (q * (1 - q ** years)) / (years * (1 - q))
}

/** Whole-life methane, t CO2e, of these tonnes at one level; zero for a stream that would not go to a landfill */
function lifetimeCo2e(model: EstimateModel, stream: Stream, inputs: Pick<Inputs, "site" | "collected">, tonnes: number, level: Level): number {
  if (!stream.landfillCarbon) return 0
  const site = siteById(model, inputs.site) ?? siteById(model, model.shared.defaultSite)!
  const f = (id: string, at: Level = level) => factorById(model, id)[at]
  const { shared } = model
  return (
    tonnes *
    f(stream.landfillCarbon) *
    f(shared.decomposable) *
    f(site.methaneCorrection) *
    f(shared.methaneFraction) *
    METHANE_PER_CARBON *
    (1 - inputs.collected / 100) *
    (1 - f(site.oxidation, OPPOSITE[level])) *
    f(shared.methaneWarming)
  )
}

/** The landfill methane these tonnes a year no longer make: the period's average, year 1 and the whole life */
export function landfillMethane(
  model: EstimateModel,
  stream: Stream,
  inputs: Pick<Inputs, "site" | "climate" | "collected">,
  tonnesPerYear: number,
): LandfillMethane {
  if (!stream.landfillCarbon) return { period: ZERO, firstYear: ZERO, lifetime: ZERO }
  const climate = climateById(model, inputs.climate) ?? climateById(model, model.shared.defaultClimate)!
  const decay = factorById(model, climate.decayRate)
  const lifetime = range((level) => lifetimeCo2e(model, stream, inputs, tonnesPerYear, level))
  // a faster decay brings more of the methane into the first years: the high end takes the fastest
  return {
    lifetime,
    firstYear: range((level) => lifetime[level] * decayedBy(decay[level], 1)),
    period: range((level) => lifetime[level] * averageDecayed(decay[level], model.shared.methanePeriod)),
  }
}
