/**
 * The waste's heating value as delivered: the stream's published range
 * brought to the visitor's moisture, or the figure the visitor measured,
 * exactly; and whether waste of that heating value burns on its own.
 */
import { factorById, range, type EstimateModel, type HeatUnit, type Inputs, type Range, type Stream } from "./model"

/** 1 kcal is 4.1868 kJ (the International Table calorie, as Indian reports' kcal/kg use it): kcal/kg × 0.0041868 is MJ/kg */
const MJ_PER_KCAL = 0.0041868

/** A heating value in MJ/kg from the unit the visitor gave it in */
export const toMegajoules = (value: number, unit: HeatUnit): number => (unit === "kcal" ? value * MJ_PER_KCAL : value)
/** A heating value in MJ/kg written in the unit the visitor uses */
export const fromMegajoules = (value: number, unit: HeatUnit): number => (unit === "kcal" ? value / MJ_PER_KCAL : value)

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

/**
 * The heating value as delivered (MJ/kg) these inputs burn: the visitor's
 * own, exactly, when they measured it (it already holds the water, so the
 * moisture does not change it); else the stream's range at the moisture given.
 */
export function heatingValueOf(model: EstimateModel, stream: Stream, inputs: Pick<Inputs, "heat" | "heatUnit" | "moisture">): Range {
  if (inputs.heat !== undefined) {
    const own = toMegajoules(inputs.heat, inputs.heatUnit)
    return range(() => own)
  }
  if (!stream.heatingValue) return range(() => 0)
  const heat = factorById(model, stream.heatingValue)
  const latentHeat = factorById(model, model.shared.latentHeat).typical
  return range((level) => heatingValueAt(heat[level], (stream.heatingValueMoisture ?? 0) / 100, inputs.moisture / 100, latentHeat))
}

/**
 * Would the waste burn without support fuel? Below the noBurn factor's
 * typical value it does not burn on its own at all ("none": no electricity);
 * the World Bank's guide asks for a year's average of at least the
 * supportFuel factor's typical value and never below its low one ("short"
 * when the typical heating value falls short of the average, "season" when
 * only the low end dips below the minimum); undefined when both hold.
 */
export function supportFuelNeed(model: EstimateModel, heatingValue: Range): "none" | "short" | "season" | undefined {
  if (!burnsOnItsOwn(model, heatingValue.typical)) return "none"
  const threshold = factorById(model, model.shared.supportFuel)
  if (heatingValue.typical < threshold.typical) return "short"
  if (heatingValue.low < threshold.low) return "season"
  return undefined
}

/** Whether waste of this heating value (MJ/kg) burns on its own at all: above the value a plant could not burn */
export const burnsOnItsOwn = (model: EstimateModel, heatingValue: number): boolean => heatingValue > factorById(model, model.shared.noBurn).typical
