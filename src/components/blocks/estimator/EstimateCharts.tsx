import * as React from "react"
import type { EstimateModel, Inputs, SolutionResult, Stream } from "../../../lib/estimate"
import { measuresFor, resultRows } from "../../../lib/estimate-quote"
import type { Figure } from "./figures"
import { RangeChart, type RangeChartRow } from "./RangeChart"
import { Waterfall, type WaterfallStep } from "./Waterfall"

type Copy = Queries.EstimatorFragment

type Props = {
  data: Copy
  model: EstimateModel
  stream: Stream
  inputs: Inputs
  results: readonly SolutionResult[]
  numbers: string
  figure: Figure
}

/**
 * The results as pictures, for an engineer who would rather look than read:
 * a bar from low to high for what each solution makes (the plant's gross and
 * net beside each other), and electricity's greenhouse gas as a waterfall
 * from its parts to the net. The figures are the cards' own, in the same
 * words, and each chart carries them in a table for screen readers and paper.
 */
export function EstimateCharts({ data, model, stream, inputs, results, numbers, figure }: Props) {
  const measures = measuresFor(data.results, inputs, model, numbers)
  const title = (id: string) => data.solutions.find((solution) => solution.id === id)?.title ?? id
  // the cards' own rows, so the chart shows what they say: what each solution makes, and the plant's gross and net
  const charted = [measures.grossOutput, measures.plantSize, measures.charcoal, measures.biochar]
  const rows: RangeChartRow[] = results.flatMap((result) =>
    resultRows(measures, result, stream)
      .filter(([measure]) => charted.includes(measure))
      .map(([measure, range]) => ({ label: `${title(result.solution)}: ${measure.label}`, unit: measure.unit, range })),
  )
  const electricity = results.find((result) => result.solution === "electricity")
  const steps: WaterfallStep[] = []
  if (electricity?.solution === "electricity") {
    steps.push({ label: measures.gridCredit.label, value: electricity.gridCredit.typical, sign: 1 })
    if (stream.landfillCarbon) steps.push({ label: measures.landfill.label, value: electricity.landfill.typical, sign: 1 })
    if (stream.fossilCarbon) steps.push({ label: measures.fossil.label, value: electricity.fossil.typical, sign: -1 })
  }
  const { charts } = data
  return (
    <div className="estimator__charts">
      {rows.length > 0 && (
        <RangeChart
          id="estimate-chart-output"
          title={charts.electricity}
          rows={rows}
          figure={figure}
          words={{ measure: charts.measure, low: charts.low, typical: charts.typical, high: charts.high, unit: charts.unit }}
        />
      )}
      {electricity?.solution === "electricity" && (
        <Waterfall
          id="estimate-chart-ghg"
          title={charts.ghg}
          unit={measures.ghg.unit}
          steps={steps}
          total={{ label: measures.ghg.label, value: electricity.co2e.typical }}
          figure={figure}
          words={{ step: charts.measure, value: charts.value, unit: charts.unit }}
        />
      )}
    </div>
  )
}
