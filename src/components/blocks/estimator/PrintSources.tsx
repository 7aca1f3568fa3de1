import * as React from "react"
import { factorsUsed, type EstimateModel, type Inputs } from "../../../lib/estimate"
import { fill } from "../../../lib/text"

type Props = {
  results: Queries.EstimatorFragment["results"]
  model: EstimateModel
  inputs: Inputs
  exact: (value: number) => string
}

/** On paper there is no link to the factor table: the factors this estimate rests on, with their sources, are printed under it (Estimator.css shows them only in print) */
export function PrintSources({ results, model, inputs, exact }: Props) {
  return (
    <div className="estimator__print-sources">
      <h4>{results.printSources}</h4>
      <ul>
        {factorsUsed(model, inputs).map((factor) => (
          <li key={factor.id}>
            {/* a single published value reads as one, not "35 to 35" */}
            {fill(factor.low === factor.high ? results.printSourceOne : results.printSource, {
              label: factor.label,
              low: exact(factor.low),
              typical: exact(factor.typical),
              high: exact(factor.high),
              unit: factor.unit,
              publisher: factor.source.publisher,
              title: factor.source.title,
              year: factor.source.year,
              url: factor.source.url,
            })}
          </li>
        ))}
      </ul>
    </div>
  )
}
