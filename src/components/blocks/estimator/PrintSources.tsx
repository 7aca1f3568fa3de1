import * as React from "react"
import { citedYear, factorsUsed, type EstimateModel, type Factor, type Inputs } from "../../../lib/estimate"
import { fill } from "../../../lib/text"

type Props = {
  results: Queries.EstimatorFragment["results"]
  model: EstimateModel
  inputs: Inputs
  exact: (value: number) => string
}

/** Each publication once, numbered in the order the factors first cite it (the catalogue's sheets are one publication) */
function references(factors: readonly Factor[]): { sources: Factor["source"][]; refOf: (factor: Factor) => number } {
  const key = (source: Factor["source"]) => `${source.url} ${source.title}`
  const sources: Factor["source"][] = []
  const numbers = new Map<string, number>()
  for (const { source } of factors)
    if (!numbers.has(key(source))) {
      sources.push(source)
      numbers.set(key(source), sources.length)
    }
  return { sources, refOf: (factor) => numbers.get(key(factor.source))! }
}

/**
 * On paper there is no link to the factor table: the factors this estimate
 * rests on are printed under it, each with the number of its source, and the
 * sources once each (Estimator.css shows them only in print). Once each: an
 * estimate cites the Danish catalogue for six factors, and written out six
 * times its title and address ran the paper onto a fourth page.
 */
export function PrintSources({ results, model, inputs, exact }: Props) {
  const factors = factorsUsed(model, inputs)
  const { sources, refOf } = references(factors)
  return (
    <div className="estimator__print-sources">
      <h4>{results.printSources}</h4>
      <ul className="estimator__print-factors">
        {factors.map((factor) => (
          <li key={factor.id}>
            {/* a single published value reads as one, not "35 to 35" */}
            {fill(factor.low === factor.high ? results.printFactorOne : results.printFactor, {
              label: factor.label,
              low: exact(factor.low),
              typical: exact(factor.typical),
              high: exact(factor.high),
              unit: factor.unit,
              ref: refOf(factor),
            })}
          </li>
        ))}
      </ul>
      <ul className="estimator__print-references">
        {sources.map((source, index) => (
          <li key={`${source.url} ${source.title}`}>
            {fill(results.printReference, { ref: index + 1, publisher: source.publisher, title: source.title, year: citedYear(source), url: source.url })}
          </li>
        ))}
      </ul>
    </div>
  )
}
