import * as React from "react"
import type { Range } from "../../../lib/estimate"
import { percent, position, requireFinite, scaleOver, span, type Scale } from "./chart-scale"

export interface RangeChartRow {
  label: string
  unit: string
  range: Range
}

export interface RangeChartWords {
  /** Heads the table's column of measures */
  measure: string
  low: string
  typical: string
  high: string
  /** Heads the table's column of units */
  unit: string
  /** Said under the chart */
  caption?: string
}

export interface RangeChartProps {
  id: string
  title: string
  rows: readonly RangeChartRow[]
  /** A figure in the page's notation */
  figure: (value: number) => string
  words: RangeChartWords
}

/** Each unit's scale: rows in the same unit compare by length, rows in different units never do */
export function scalesByUnit(rows: readonly RangeChartRow[]): Map<string, Scale> {
  const values = new Map<string, number[]>()
  for (const { unit, range } of rows) values.set(unit, [...(values.get(unit) ?? []), range.low, range.high])
  return new Map([...values].map(([unit, list]) => [unit, scaleOver(list)]))
}

/** The diamond at a typical value: a shape of its own, so it reads without colour */
const Diamond = ({ x }: { x: string }) => (
  <svg x={x} y="50%" overflow="visible" className="chart__marker">
    <path d="M0 -8 L7 0 L0 8 L-7 0 Z" />
  </svg>
)

/**
 * What a waste would make, one row per measure: a bar from the low figure to
 * the high one and a diamond at the typical, on a track from zero. The
 * picture is hidden from screen readers, which read the same figures in the
 * table (also the one that prints).
 */
export function RangeChart({ id, title, rows, figure, words }: RangeChartProps) {
  for (const { label, range } of rows) {
    requireFinite(id, label, { ...range })
    if (!(range.low <= range.typical && range.typical <= range.high)) {
      throw new Error(`Chart "${id}": "${label}" is not low <= typical <= high (${range.low}, ${range.typical}, ${range.high})`)
    }
  }
  const scales = scalesByUnit(rows)
  // a no-break space before the dash: on a phone a line never starts with it
  const text = ({ low, typical, high }: Range, unit: string) =>
    low === high ? `${figure(typical)} ${unit}` : `${figure(low)}\u00a0\u2013 ${figure(high)} (${figure(typical)}) ${unit}`

  return (
    <div className="chart range-chart" id={id}>
      <div className="chart__table visually-hidden print-shown">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{words.measure}</th>
              <th scope="col">{words.low}</th>
              <th scope="col">{words.typical}</th>
              <th scope="col">{words.high}</th>
              <th scope="col">{words.unit}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ label, unit, range }, index) => (
              <tr key={index}>
                <th scope="row">{label}</th>
                <td>{figure(range.low)}</td>
                <td>{figure(range.typical)}</td>
                <td>{figure(range.high)}</td>
                <td>{unit}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* the table above says all of this to a screen reader */}
      <div className="chart__picture" aria-hidden="true">
        <p className="chart__title">{title}</p>
        {rows.map(({ label, unit, range }, index) => {
          const scale = scales.get(unit)!
          const zero = position(scale, 0)
          // nothing to draw for a measure that makes nothing; its figures still say so
          const drawn = range.low !== 0 || range.high !== 0
          return (
            <div className="chart__row" key={index}>
              <span className="chart__label">{label}</span>
              <span className="chart__figure">{text(range, unit)}</span>
              <div className="chart__graph">
                <svg focusable="false" data-unit={unit}>
                  <rect className="chart__track" x="0" width="100%" y="50%" height="2" transform="translate(0 -1)" />
                  {zero > 0 && <line className="chart__zero" x1={percent(zero)} x2={percent(zero)} y1="15%" y2="85%" />}
                  {drawn && (
                    <>
                      <svg y="50%" overflow="visible">
                        <rect className="chart__bar" {...span(scale, range.low, range.high)} y="-6" height="12" />
                      </svg>
                      <Diamond x={percent(position(scale, range.typical))} />
                    </>
                  )}
                </svg>
              </div>
            </div>
          )
        })}
        <p className="chart__legend">
          <svg className="chart__key" width="24" height="16" focusable="false">
            <rect className="chart__bar" x="0" y="2" width="24" height="12" />
          </svg>
          <span>
            {words.low} &ndash; {words.high}
          </span>
          <svg className="chart__key" width="16" height="16" focusable="false" overflow="visible">
            <Diamond x="8" />
          </svg>
          <span>{words.typical}</span>
        </p>
      </div>
      {words.caption && <p className="chart__caption">{words.caption}</p>}
    </div>
  )
}
