import { typedNumberReader, type NumberReader, type Range } from "../../../lib/estimate"
import { numberFormat } from "../../../lib/number-format"
import { fill } from "../../../lib/text"

/** A page's figures: rounded for people, in its language's notation (numberLocale: 100,000 in English, 1,00,000 in Hindi) */
export type Figure = (value: number) => string

export const showRange = (template: string, range: Range, figure: Figure) =>
  fill(template, { low: figure(range.low), high: figure(range.high), typical: figure(range.typical) })

/** The language the visitor's browser writes numbers in */
const visitorLocale = (): string => window.navigator.language || "en-GB"

/**
 * What the visitor types is read as their browser's language writes numbers
 * (1,000 in English, 1.000 in German), else as the page's language does (a
 * lakh, 1,00,000, on /hi/); Devanagari digits (१,००,०००) in either
 */
export const typedNumbers = (page: string): NumberReader => typedNumberReader(visitorLocale(), page)

/** A number in a message about typing, written as the visitor's browser's language writes it, so the example reads as what to type */
export const typedNumberText = (value: number): string => numberFormat(visitorLocale()).format(value)
