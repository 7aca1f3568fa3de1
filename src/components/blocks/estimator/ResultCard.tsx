import * as React from "react"
import { useLocalize } from "../../../hooks/use-language"
import {
  factorById,
  plantExists,
  plantScale,
  supportFuelNeed,
  tonnage,
  type EstimateModel,
  type Inputs,
  type SolutionResult,
  type Stream,
} from "../../../lib/estimate"
import { measuresFor, resultRows } from "../../../lib/estimate-quote"
import { fill } from "../../../lib/text"
import { showRange, type Figure } from "./figures"

type Copy = Queries.EstimatorFragment

/** What electricity's card says beside its figures: a plant no one builds, support fuel the waste needs, a plant smaller than the reference */
function electricityNotes(data: Copy, model: EstimateModel, stream: Stream, result: SolutionResult, inputs: Inputs, figure: Figure): string[] {
  if (result.solution !== "electricity") return []
  const notes: string[] = []
  const exists = plantExists(model, result, tonnage(inputs).perDay)
  if (exists === "small")
    notes.push(fill(data.results.plantTooSmall, { kW: figure(result.kW.typical), smallest: figure(factorById(model, model.shared.smallestPlant).typical) }))
  if (exists === "large") notes.push(fill(data.results.plantTooLarge, { largest: figure(factorById(model, model.shared.largestPlant).typical) }))
  const threshold = model.factors.find((factor) => factor.id === model.shared.supportFuel)
  const need = supportFuelNeed(model, result.heatingValue)
  if (need === "short" && threshold)
    notes.push(fill(data.results.supportFuelShort, { typical: figure(result.heatingValue.typical), average: figure(threshold.typical) }))
  if (need === "season" && threshold) notes.push(fill(data.results.supportFuelSeason, { low: figure(result.heatingValue.low), minimum: figure(threshold.low) }))
  const scale = plantScale(model, stream, result.fuelMW)
  // a plant too small to exist is said already: no reference plant to compare it with
  if (scale && scale.needed < scale.reference && exists !== "small")
    notes.push(fill(data.results.plantSmaller, { reference: figure(scale.reference), needed: figure(scale.needed) }))
  return notes
}

type Props = {
  data: Copy
  model: EstimateModel
  stream: Stream
  inputs: Inputs
  result: SolutionResult
  /** the page's number locale (numberLocale) */
  numbers: string
  figure: Figure
  /** a line's machines, joined as the page's language joins a list */
  machineList: Intl.ListFormat
  /** where the machines link to */
  products: string
}

/** One suitable solution's outputs, as ranges, and the line that makes them */
export function ResultCard({ data, model, stream, inputs, result, numbers, figure, machineList, products }: Props) {
  const localize = useLocalize()
  const solution = data.solutions.find((candidate) => candidate.id === result.solution)
  return (
    <article className="estimator__card" data-solution={result.solution}>
      <h4>{solution?.title ?? result.solution}</h4>
      <dl>
        {resultRows(measuresFor(data.results, inputs, numbers), result, stream).map(([measure, range]) => (
          <div key={`${measure.label} ${measure.unit}`}>
            <dt>
              {measure.label}, {measure.unit}
            </dt>
            <dd>{showRange(data.results.range, range, figure)}</dd>
          </div>
        ))}
      </dl>
      {electricityNotes(data, model, stream, result, inputs, figure).map((note) => (
        <p key={note} className="estimator__note">
          {note}
        </p>
      ))}
      {solution && (
        <>
          <p className="estimator__machines">
            {data.results.machines}: {/* the stream's own list where its line differs (hospital waste is not sorted by hand) */}
            {machineList.formatToParts(stream.machines ?? solution.machines).map((part, index) =>
              part.type === "element" ? (
                <a key={index} href={localize(products)}>
                  {part.value}
                </a>
              ) : (
                <React.Fragment key={index}>{part.value}</React.Fragment>
              ),
            )}
          </p>
          <p className="estimator__solution">
            <a href={localize(solution.link.to)}>{solution.link.label}</a>
          </p>
          {/* what the line needs that we do not make, and why this stream's line differs */}
          {[solution.lineNeeds, stream.lineNote].filter(Boolean).map((text) => (
            <p key={text} className="estimator__note">
              {text}
            </p>
          ))}
        </>
      )}
    </article>
  )
}
