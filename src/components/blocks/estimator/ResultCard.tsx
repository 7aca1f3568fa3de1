import * as React from "react"
import { useLocalize } from "../../../hooks/use-language"
import { factorById, type EstimateModel, type Inputs, type PlantPoint, type SolutionResult, type Stream } from "../../../lib/estimate"
import { measuresFor, resultRows } from "../../../lib/estimate-quote"
import type { ListJoiner } from "../../../lib/language-notation"
import { fill } from "../../../lib/text"
import { showRange, type Figure } from "./figures"

type Copy = Queries.EstimatorFragment

/**
 * What electricity's card says beside its figures: waste that does not burn
 * on its own, a plant too small to make electricity, which real plants the
 * efficiency is drawn from (and when the plant is beyond them), gross and
 * net and how often it runs, more waste than one plant takes, and support
 * fuel the waste may need.
 */
function electricityNotes(data: Copy, model: EstimateModel, stream: Stream, result: SolutionResult, inputs: Inputs, figure: Figure): string[] {
  if (result.solution !== "electricity") return []
  const words = data.results
  if (result.support === "none")
    return [fill(words.noBurn, { typical: figure(result.heatingValue.typical), minimum: figure(factorById(model, model.shared.noBurn).typical) })]
  const notes: string[] = []
  const needed = figure(result.fuelMW.typical)
  if (result.heatOnly) notes.push(fill(words.heatOnly, { needed, minimum: figure(factorById(model, stream.heatOnlyBelow!).typical) }))
  else {
    const plants = stream.plants ?? []
    const name = (point: PlantPoint) => {
      const plant = plants.find((candidate) => candidate.fuelInput === point.fuelInput.id)
      return fill(words.plantName, { label: plant?.name ?? point.fuelInput.label, mw: figure(point.fuelMW) })
    }
    const [smaller, larger] = result.plant.from
    if (smaller && larger) notes.push(fill(words.plantBetween, { smaller: name(smaller), larger: name(larger) }))
    else if (smaller) notes.push(fill(words.plantFrom, { plant: name(smaller) }))
    if (smaller && result.plant.beyond === "below") notes.push(fill(words.plantBelow, { needed, smallest: figure(smaller.fuelMW) }))
    if (smaller && result.plant.beyond === "above") notes.push(fill(words.plantAbove, { needed, largest: figure(smaller.fuelMW) }))
    notes.push(fill(words.availability, { days: String(inputs.days), share: figure(result.availability * 100) }))
  }
  if (result.several) notes.push(fill(words.plantTooLarge, { largest: figure(factorById(model, model.shared.largestPlant).typical) }))
  const threshold = factorById(model, model.shared.supportFuel)
  if (result.support === "short") notes.push(fill(words.supportFuelShort, { typical: figure(result.heatingValue.typical), average: figure(threshold.typical) }))
  if (result.support === "season") notes.push(fill(words.supportFuelSeason, { low: figure(result.heatingValue.low), minimum: figure(threshold.low) }))
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
  machineList: ListJoiner
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
        {resultRows(measuresFor(data.results, inputs, model, numbers), result, stream).map(([measure, range]) => (
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
