import * as React from "react"
import { net, percent, position, requireFinite, scaleOver, signed, span } from "./chart-scale"

export interface WaterfallStep {
  label: string
  /** The part's size; sign says whether it adds to the balance or takes from it */
  value: number
  sign: 1 | -1
}

export interface WaterfallWords {
  /** Heads the table's column of steps */
  step: string
  /** Heads the table's column of values */
  value: string
  /** Heads the table's column of units */
  unit: string
  /** Said under the chart */
  caption?: string
}

export interface WaterfallProps {
  id: string
  title: string
  unit: string
  steps: readonly WaterfallStep[]
  total: { label: string; value: number }
  /** A figure in the page's notation (given sizes, never below zero: the sign is written here) */
  figure: (value: number) => string
  words: WaterfallWords
}

/** Each step's running sum before and after it */
export function runningSums(steps: readonly WaterfallStep[]): { from: number; to: number }[] {
  let sum = 0
  return steps.map(({ value, sign }) => {
    const from = sum
    sum += sign * value
    return { from, to: sum }
  })
}

/**
 * A balance in steps (the greenhouse gas: grid credit + landfill methane
 * avoided − fossil CO2 = net): each step a bar floating from the running sum
 * to the next, the total a bar from zero, on one scale that holds zero, so a
 * net below zero is drawn left of the zero line. A subtraction is hatched and
 * outlined and its label and figure carry the minus: it reads without colour.
 * The picture is hidden from screen readers, which read the table.
 */
export function Waterfall({ id, title, unit, steps, total, figure, words }: WaterfallProps) {
  for (const step of steps) requireFinite(id, step.label, { value: step.value })
  requireFinite(id, total.label, { value: total.value })
  const sums = runningSums(steps)
  const scale = scaleOver([...sums.map((sum) => sum.to), total.value])
  const zero = percent(position(scale, 0))
  const hatch = `${id}-minus`
  const takes = (step: WaterfallStep) => step.sign * step.value < 0 || (step.value === 0 && step.sign < 0)

  // The connectors run the height of each row's graph, so the rows touch: the
  // eye follows one step's end down to where the next begins.
  const row = (key: React.Key, label: string, figureText: string, bar: React.ReactNode, above?: number, below?: number, className = "") => (
    <div className={`chart__row chart__row--step ${className}`} key={key}>
      <span className="chart__label">{label}</span>
      <span className="chart__figure">{figureText}</span>
      <div className="chart__graph">
        <svg focusable="false">
          <line className="chart__zero" x1={zero} x2={zero} y1="0" y2="100%" />
          {above !== undefined && <Connector x={percent(position(scale, above))} y1="0" y2="50%" />}
          {below !== undefined && <Connector x={percent(position(scale, below))} y1="50%" y2="100%" />}
          <svg y="50%" overflow="visible">
            {bar}
          </svg>
        </svg>
      </div>
    </div>
  )

  return (
    <div className="chart waterfall" id={id}>
      <div className="chart__table visually-hidden print-shown">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{words.step}</th>
              <th scope="col">{words.value}</th>
              <th scope="col">{words.unit}</th>
            </tr>
          </thead>
          <tbody>
            {steps.map((step, index) => (
              <tr key={index}>
                <th scope="row">{step.label}</th>
                <td>{signed(step.sign * step.value, figure, step.sign)}</td>
                <td>{unit}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{total.label}</th>
              <td>{net(total.value, figure)}</td>
              <td>{unit}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {/* the table above says all of this to a screen reader */}
      <div className="chart__picture" aria-hidden="true">
        <svg className="chart__defs" width="0" height="0" focusable="false">
          <pattern id={hatch} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect className="chart__hatch-ground" width="6" height="6" />
            <line className="chart__hatch" x1="0" y1="0" x2="0" y2="6" />
          </pattern>
        </svg>
        <p className="chart__title">
          {title} <span className="chart__unit">({unit})</span>
        </p>
        {steps.map((step, index) => {
          const { from, to } = sums[index]!
          const minus = takes(step)
          const bar = (
            <rect
              className={minus ? "chart__bar chart__bar--minus" : "chart__bar"}
              // the pattern's id is this chart's own, so the fill cannot live in the stylesheet
              style={minus ? { fill: `url(#${hatch})` } : undefined}
              {...span(scale, from, to)}
              y="-8"
              height="16"
            />
          )
          return row(index, `${minus ? "\u2212" : "+"} ${step.label}`, signed(step.sign * step.value, figure, step.sign), bar, index > 0 ? from : undefined, to)
        })}
        {row(
          "total",
          `= ${total.label}`,
          net(total.value, figure),
          <rect className="chart__bar chart__bar--total" {...span(scale, 0, total.value)} y="-10" height="20" />,
          steps.length > 0 ? sums[sums.length - 1]!.to : undefined,
          undefined,
          "chart__row--total",
        )}
      </div>
      {words.caption && <p className="chart__caption">{words.caption}</p>}
    </div>
  )
}

const Connector = ({ x, y1, y2 }: { x: string; y1: string; y2: string }) => <line className="chart__connector" x1={x} x2={x} y1={y1} y2={y2} />
