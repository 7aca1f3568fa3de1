/**
 * Electricity from a waste: the fuel a running day's waste is (MW), the
 * efficiency of real plants of that size (drawn from the stream's plant
 * classes, between the two the fuel input falls between), gross output
 * (what Indian plants publish as their MW), the plant's own use, and net.
 *
 * The catalogue's efficiencies are net of what its Danish plants use
 * themselves; an Indian plant uses more (its own figure, from an Indian
 * plant). So the generator's gross efficiency is the class's net plus the
 * reference plant's own use, and the net is gross less the stream's own use.
 */
import { factorById, range, type EstimateModel, type Factor, type Range, type Stream } from "./model"

/** Seconds in a day: MJ a day ÷ 86,400 s is MW */
const SECONDS_PER_DAY = 86400

/** MW of fuel a plant burning this many tonnes a day at this heating value (MJ/kg) burns while it runs */
export const fuelInputMW = (tonnesPerDay: number, heatingValue: number): number => (tonnesPerDay * 1000 * heatingValue) / SECONDS_PER_DAY

export interface PlantPoint {
  /** The reference plant's fuel input, MW (its factor's typical value) */
  fuelMW: number
  efficiency: Factor
  fuelInput: Factor
  /** Its own use, fraction of its fuel, taken out of its efficiency (0 where none is) */
  parasitic: number
}

/** Where the efficiency comes from: one class (at or beyond an end) or the two the plant falls between */
export interface PlantFit {
  /** The generator's efficiency (fraction of the fuel's heat): the class's net plus its own use */
  efficiency: Range
  /** The classes it was drawn from: one, or the smaller and the larger */
  from: readonly PlantPoint[]
  /** "below" the smallest class the stream has, "above" the largest; undefined between */
  beyond?: "below" | "above"
}

/** The stream's plant classes, smallest first */
export function plantPoints(model: EstimateModel, stream: Stream): PlantPoint[] {
  return (stream.plants ?? [])
    .map((plant) => {
      const fuelInput = factorById(model, plant.fuelInput)
      return {
        fuelMW: fuelInput.typical,
        efficiency: factorById(model, plant.efficiency),
        fuelInput,
        parasitic: plant.parasitic ? factorById(model, plant.parasitic).typical : 0,
      }
    })
    .sort((a, b) => a.fuelMW - b.fuelMW)
}

/**
 * The net electrical efficiency of a plant burning fuelMW, from the stream's
 * plant classes: a class's own range at its size; between two, each end
 * interpolated on the logarithm of the fuel input (a plant ten times larger
 * is one step, as the classes are spaced); beyond the smallest or the
 * largest, that class's range, said to be beyond it.
 */
export function efficiencyAt(model: EstimateModel, stream: Stream, fuelMW: number): PlantFit {
  const points = plantPoints(model, stream)
  const first = points[0]
  const last = points[points.length - 1]
  if (!first || !last) return { efficiency: range(() => 0), from: [] }
  const own = (point: PlantPoint): Range => range((level) => point.efficiency[level] + point.parasitic)
  if (fuelMW <= first.fuelMW) return { efficiency: own(first), from: [first], beyond: fuelMW < first.fuelMW ? "below" : undefined }
  if (fuelMW >= last.fuelMW) return { efficiency: own(last), from: [last], beyond: fuelMW > last.fuelMW ? "above" : undefined }
  const upper = points.findIndex((point) => point.fuelMW >= fuelMW)
  const larger = points[upper]!
  const smaller = points[upper - 1]!
  if (larger.fuelMW === fuelMW) return { efficiency: own(larger), from: [larger] }
  const share = Math.log(fuelMW / smaller.fuelMW) / Math.log(larger.fuelMW / smaller.fuelMW)
  return {
    efficiency: range((level) => own(smaller)[level] + (own(larger)[level] - own(smaller)[level]) * share),
    from: [smaller, larger],
  }
}

export interface Output {
  /** Gross output while running, kW: the nameplate figure plants publish */
  grossKW: Range
  /** The plant's own use while running, kW */
  ownUseKW: Range
  /** Net output while running, kW */
  netKW: Range
}

/**
 * Gross, own use and net while the plant runs: gross is the fuel times the
 * generator's efficiency; own use the stream's typical share of it (its
 * factor's row gives any range); net the rest.
 */
export function outputWhileRunning(fuelMW: Range, efficiency: Range, ownUse: number): Output {
  const grossKW = range((level) => fuelMW[level] * efficiency[level] * 1000)
  const ownUseKW = range((level) => grossKW[level] * ownUse)
  return { grossKW, ownUseKW, netKW: range((level) => grossKW[level] - ownUseKW[level]) }
}
