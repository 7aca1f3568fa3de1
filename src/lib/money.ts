/**
 * Money as India writes it, in every language of the site: rupees in lakh
 * (1,00,000) and crore (1,00,00,000), digits grouped the Indian way
 * (₹1,41,600 crore), two significant figures as every figure of the
 * estimator (roundForDisplay); dollars, where a price is published in them,
 * grouped the same way. The words ("crore", "करोड़") are the content's.
 */
import { roundForDisplay, rupeeScale, type Range } from "./estimate"
import { numberFormat } from "./number-format"
import { fill } from "./text"

/** How a language writes an amount: each with {amount} */
export interface MoneyWords {
  crore: string
  lakh: string
  rupees: string
  dollars: string
  /** A range of amounts: {low} and {high} */
  between: string
}

/** Indian grouping with Latin digits, the notation of a rupee amount in English and Hindi alike */
export const RUPEE_NOTATION = "en-IN"

const digits = (value: number) => numberFormat(RUPEE_NOTATION, { maximumFractionDigits: 6 }).format(roundForDisplay(value))

/** An amount of rupees: "₹22 crore", "₹4.5 lakh", "₹3,500" */
export function rupees(value: number, words: MoneyWords): string {
  const scale = rupeeScale(roundForDisplay(value))
  return fill(words[scale.unit], { amount: digits(value / scale.divisor) })
}

/** Dollars as published: "US$1,200" */
export const dollars = (value: number, words: MoneyWords): string => fill(words.dollars, { amount: digits(value) })

/**
 * A range of rupees: "₹14 to 27 crore" when both ends are of one scale (the
 * unit once, after both), else each end in its own ("₹45 lakh to ₹1.2
 * crore"); one amount when the ends are equal.
 */
export function rupeeRange(value: Pick<Range, "low" | "high">, words: MoneyWords): string {
  const [low, high] = [roundForDisplay(value.low), roundForDisplay(value.high)]
  if (low === high) return rupees(low, words)
  // nothing at the low end (waste that will not burn) is written in the high end's unit: "₹0 to 98 crore"
  const [lowScale, highScale] = [rupeeScale(low === 0 ? high : low), rupeeScale(high)]
  if (lowScale.unit === highScale.unit)
    return fill(words[highScale.unit], { amount: fill(words.between, { low: digits(low / lowScale.divisor), high: digits(high / highScale.divisor) }) })
  return fill(words.between, { low: rupees(low, words), high: rupees(high, words) })
}

/** A range of dollars, the unit once */
export function dollarRange(value: Pick<Range, "low" | "high">, words: MoneyWords): string {
  const [low, high] = [roundForDisplay(value.low), roundForDisplay(value.high)]
  return low === high ? dollars(low, words) : fill(words.dollars, { amount: fill(words.between, { low: digits(low), high: digits(high) }) })
}
