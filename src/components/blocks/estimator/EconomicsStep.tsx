import * as React from "react"
import {
  citedYear,
  economics,
  factorById,
  firstStep,
  MAX_FEE,
  tonnage,
  type EstimateModel,
  type Factor,
  type Inputs,
  type SolutionResult,
  type Stream,
} from "../../../lib/estimate"
import { economicsRows, type EconomicsRow } from "../../../lib/estimate-quote"
import { dollarRange, rupeeRange, rupees, type MoneyWords } from "../../../lib/money"
import { fill } from "../../../lib/text"
import { NumberField } from "./NumberField"
import { typedNumberText, type Figure } from "./figures"

type Copy = Queries.EstimatorFragment["economics"]

type Props = {
  data: Copy
  model: EstimateModel
  stream: Stream
  inputs: Inputs
  results: readonly SolutionResult[]
  /** the fee as typed, and its message while it cannot be read */
  fee: string
  feeError: boolean
  live: boolean
  change: (event: React.ChangeEvent<HTMLInputElement>) => void
  figure: Figure
  /** a published value or the visitor's own, every digit kept, in the page's notation (formatExact) */
  exact: Figure
}

/** A source beside its figure: the publisher and year, linked, and how sure it is */
function Cite({ data, source, confidence }: { data: Copy; source: Factor["source"]; confidence?: string | null }) {
  const sure = confidence && confidence in data.confidence ? data.confidence[confidence as keyof Copy["confidence"]] : undefined
  return (
    <span className="estimator__cite">
      <a href={source.url}>{fill(data.cite, { publisher: source.publisher, year: citedYear(source) })}</a>
      {sure && <> ({sure})</>}
    </span>
  )
}

/**
 * The second step: what plants like the visitor's have cost in India, what
 * its electricity is paid, the city's tipping fee, the central scheme's
 * support, biochar and credits; each figure's working and its source, year
 * and confidence beside it, then what else the stream's scheme and market
 * say. A part of its own, fetched after the calculator (Estimator.tsx).
 */
export function EconomicsStep({ data, model, stream, inputs, results, fee, feeError, live, change, figure, exact }: Props) {
  const money: MoneyWords = data.money
  const between = (low: number, high: number) => (figure(low) === figure(high) ? figure(low) : fill(money.between, { low: figure(low), high: figure(high) }))
  const figures = economics(model, inputs, results)
  // what the figures multiply, as the arithmetic took it
  const first = firstStep(stream, results)
  const grossMW = first.grossKW
  const factor = (id: string | null | undefined): Factor | undefined => (id ? factorById(model, id) : undefined)

  /** How each row's figure is worked out, and the factor it rests on */
  const working: Record<EconomicsRow, () => { how: string; factor?: Factor }> = {
    capital: () => {
      const cost = factor(stream.capitalCost)!
      return {
        how: fill(data.capitalHow, { mw: figure(grossMW!.typical / 1000), low: exact(cost.low), high: exact(cost.high) }),
        factor: cost,
      }
    },
    power: () => {
      const tariff = factor(stream.tariff)!
      const mwh = first.mWhPerYear!
      return { how: fill(data.powerHow, { mwh: between(mwh.low, mwh.high), low: exact(tariff.low), high: exact(tariff.high) }), factor: tariff }
    },
    fee: () => ({ how: fill(data.feeHow, { tonnes: figure(tonnage(inputs).perYear), fee: exact(inputs.fee ?? 0) }) }),
    support: () => {
      const rate = factor(stream.supportRate)!
      const cap = factor(stream.supportCap)
      const how = fill(data.supportHow, { rate: exact(rate.typical), mw: figure(grossMW!.typical / 1000), cap: exact(cap?.typical ?? 0) })
      return { how: figures.supportCapped && cap ? `${how}. ${fill(data.supportCapped, { cap: exact(cap.typical) })}` : how, factor: rate }
    },
    biochar: () => {
      const price = factor(model.shared.biocharPrice)!
      const made = first.biochar!
      return { how: fill(data.biocharHow, { tonnes: between(made.low, made.high), low: exact(price.low), high: exact(price.high) }), factor: price }
    },
    credit: () => {
      const price = factor(model.shared.methaneCredit)!
      const avoided = first.methane!
      return { how: fill(data.creditHow, { tonnes: between(avoided.low, avoided.high), low: exact(price.low), high: exact(price.high) }), factor: price }
    },
  }

  const rows = economicsRows(data, figures)
  const wantsPower = Boolean(stream.capitalCost || stream.tariff || stream.supportRate)
  const makesPower = Boolean(grossMW && grossMW.typical > 0)
  const notes = [...(stream.economicsNotes ?? []), ...model.shared.economicsNotes]
    .map((id) => data.notes.find((note) => note.id === id))
    .filter((note) => note !== undefined)
  const example = factor(model.shared.tippingFee)!

  return (
    <section className="estimator__economics" aria-labelledby="estimate-economics-heading">
      <h3 id="estimate-economics-heading">{data.heading}</h3>
      <p>{data.intro}</p>
      {stream.tippingFee && (
        <NumberField
          name="fee"
          label={data.feeLabel}
          inputMode="decimal"
          value={fee}
          placeholder={exact(example.typical)}
          live={live}
          onChange={change}
          hints={[
            { kind: "hint", text: fill(data.feeHint, { example: fill(money.rupees, { amount: exact(example.typical) }), year: String(example.source.year) }) },
          ]}
          error={feeError ? fill(data.feeError, { max: typedNumberText(MAX_FEE) }) : undefined}
        />
      )}
      {wantsPower && !makesPower && <p className="estimator__note">{data.noElectricity}</p>}
      {makesPower && !stream.capitalCost && <p className="estimator__note">{data.noCapital}</p>}
      {rows.length > 0 && (
        <dl className="estimator__economics-figures">
          {rows.map((row) => {
            const { how, factor: basis } = working[row.key]()
            const range = figures[row.key]!
            const shown = row.key === "credit" ? dollarRange(range, money) : rupeeRange(range, money)
            const typical = row.key === "credit" ? dollarRange({ low: range.typical, high: range.typical }, money) : rupees(range.typical, money)
            // one amount (a fee, a capped support) needs no "typically"
            return (
              <div key={row.key} data-economics={row.key}>
                <dt>{row.label}</dt>
                <dd>
                  <strong>{shown === typical ? shown : fill(data.range, { range: shown, typical })}</strong>
                  <span className="estimator__how">{how}</span>
                  {basis && <Cite data={data} source={basis.source} confidence={basis.confidence} />}
                </dd>
              </div>
            )
          })}
        </dl>
      )}
      {notes.length > 0 && (
        <>
          <h4>{data.notesHeading}</h4>
          <ul className="estimator__economics-notes">
            {notes.map((note) => (
              <li key={note.id}>
                {note.text} {note.source && <Cite data={data} source={note.source} confidence={note.confidence} />}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
