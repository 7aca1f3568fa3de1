/**
 * The calibration table: each published plant of ./plants.ts run through the
 * estimator, its published figure (made net) beside the page's low, typical
 * and high, and their ratio. docs/estimator.md prints it (`npm run
 * estimator:calibration` writes it out); __tests__/unit/estimate-calibration
 * holds the page to it.
 */
import { estimate, factorById, readInputs, scaleRange, streamById, type EstimateModel, type Range } from "../../src/lib/estimate"
import { PLANTS, type Plant } from "./plants"

export interface CalibrationRow {
  plant: Plant
  /** The published figure made net, in the published measure (MW, kWh/t or t of charcoal a day) */
  publishedNet: number
  unit: "MW" | "kWh/t" | "t/d"
  /** The page's low, typical and high in that measure */
  page: Range
  /** Typical ÷ published (undefined where the published figure is 0) */
  ratio?: number
  /** The published figure within the page's low to high */
  within: boolean
  /** And the typical within 0.6 to 1.6 times it (for a published 0, the typical is 0) */
  typicalNear: boolean
}

/** The band the typical must fall in, as a share of the published figure */
export const NEAR = { low: 0.6, high: 1.6 } as const

export function calibrate(model: EstimateModel, plant: Plant): CalibrationRow {
  const stream = streamById(model, plant.stream)
  if (!stream) throw new Error(`${plant.row}: no stream "${plant.stream}"`)
  const { inputs, errors } = readInputs(model, { stream: plant.stream, amount: String(plant.tonnesPerDay), per: "day", ...plant.inputs }, 1)
  if (Object.keys(errors).length) throw new Error(`${plant.row}: the estimator refuses ${Object.keys(errors).join(", ")}`)
  const results = estimate(model, inputs)
  const { published } = plant
  let page: Range
  let unit: CalibrationRow["unit"]
  let value: number
  if (published.charcoal !== undefined) {
    const charcoal = results.find((result) => result.solution === "charcoal")
    if (!charcoal || charcoal.solution === "electricity") throw new Error(`${plant.row}: makes no charcoal`)
    page = charcoal.tonnesPerDay
    unit = "t/d"
    value = published.charcoal
  } else {
    const electricity = results.find((result) => result.solution === "electricity")
    if (!electricity || electricity.solution !== "electricity") throw new Error(`${plant.row}: makes no electricity`)
    // a gross figure made net with the stream's own use, as the page makes its net
    const ownUse = stream.ownUse ? factorById(model, stream.ownUse).typical : 0
    const net = (figure: number) => (published.basis === "gross" ? figure * (1 - ownUse) : figure)
    if (published.mw !== undefined) {
      page = scaleRange(electricity.kW, 1 / 1000)
      unit = "MW"
      value = net(published.mw)
    } else {
      page = scaleRange(electricity.kWhPerDay, 1 / plant.tonnesPerDay)
      unit = "kWh/t"
      value = net(published.kWhPerTonne!)
    }
  }
  const ratio = value > 0 ? page.typical / value : undefined
  return {
    plant,
    publishedNet: value,
    unit,
    page,
    ratio,
    within: page.low <= value && value <= page.high,
    typicalNear: ratio === undefined ? page.typical === 0 : ratio >= NEAR.low && ratio <= NEAR.high,
  }
}

export const calibrationTable = (model: EstimateModel): CalibrationRow[] => PLANTS.map((plant) => calibrate(model, plant))

const two = (value: number) => (value === 0 ? "0" : Number(value.toPrecision(3)).toLocaleString("en-GB"))

/** The table as docs/estimator.md prints it */
export function calibrationMarkdown(rows: readonly CalibrationRow[]): string {
  const lines = [
    "| Row | Plant | Stream | t/day | Published | Published, net | Page: low / typical / high | Typical ÷ published | Within? | Source |",
    "|---|---|---|---|---|---|---|---|---|---|",
  ]
  for (const row of rows) {
    const { plant } = row
    const published = plant.published.mw ?? plant.published.kWhPerTonne ?? plant.published.charcoal!
    const verdict = row.within && row.typicalNear ? "yes" : `**no**${plant.outside ? `: ${plant.outside}` : ""}`
    lines.push(
      `| ${plant.row} | ${plant.plant} | ${plant.stream} | ${two(plant.tonnesPerDay)} | ${two(published)} ${row.unit} ${plant.published.basis}, ${plant.what} | ${two(row.publishedNet)} | ${two(row.page.low)} / ${two(row.page.typical)} / ${two(row.page.high)} | ${row.ratio === undefined ? "–" : row.ratio.toFixed(2)} | ${verdict} | ${plant.source} |`,
    )
  }
  return lines.join("\n")
}
