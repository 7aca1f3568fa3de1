/**
 * The arithmetic the estimate's charts (RangeChart, Waterfall) share: where a
 * value falls on a track, as a percentage of its width. Percentages, not a
 * viewBox, so that the SVG holds only bars and the text beside them stays
 * HTML at the page's own size, on a phone as on a wide screen.
 */

/** A track's extent: zero always inside it, so every bar is read from zero */
export interface Scale {
  min: number
  max: number
}

/** The scale that holds every value given, and zero */
export function scaleOver(values: readonly number[]): Scale {
  return { min: Math.min(0, ...values), max: Math.max(0, ...values) }
}

/**
 * Where a value falls, 0 (the scale's min) to 100 (its max). Divided by the
 * larger end first, so that figures near the largest double (1e308) do not
 * overflow to Infinity when the span is taken. An empty scale (all zeros)
 * puts everything at 0.
 */
export function position(scale: Scale, value: number): number {
  const size = Math.max(Math.abs(scale.min), Math.abs(scale.max))
  if (size === 0) return 0
  const min = scale.min / size
  const span = scale.max / size - min
  return Math.min(100, Math.max(0, ((value / size - min) / span) * 100))
}

/** An SVG length in percent, three decimals (a thousandth of a percent is well below a pixel) */
export const percent = (value: number): string => `${Math.round(value * 1000) / 1000}%`

/** A bar from one value to another, whichever way round, as SVG x and width */
export function span(scale: Scale, from: number, to: number): { x: string; width: string } {
  const a = position(scale, from)
  const b = position(scale, to)
  return { x: percent(Math.min(a, b)), width: percent(Math.abs(b - a)) }
}

/** A value with its sign written out (U+2212 for minus, as print does), for a step of a sum; zero takes the sign given */
export function signed(value: number, figure: (value: number) => string, zeroSign: 1 | -1 = 1): string {
  const negative = value < 0 || (value === 0 && zeroSign < 0)
  return `${negative ? "\u2212" : "+"}${figure(Math.abs(value))}`
}

/** A total: a minus when below zero, no plus */
export const net = (value: number, figure: (value: number) => string): string => (value < 0 ? `\u2212${figure(-value)}` : figure(value))

/** Throws, naming the chart and the row, when a figure cannot be drawn: a NaN would draw nothing and say nothing */
export function requireFinite(chart: string, label: string, figures: Record<string, number>): void {
  for (const [name, value] of Object.entries(figures)) {
    if (!Number.isFinite(value)) throw new Error(`Chart "${chart}": "${label}" has a ${name} of ${value}, not a finite number`)
  }
}
