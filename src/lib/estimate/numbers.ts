/**
 * Numbers as the estimator reads them (the address's plain notation, a
 * visitor's typing in their own) and writes them for people.
 */
import { numberLocale } from "../language-notation"
import { DEFAULT_LANGUAGE } from "../languages"
import { numberFormat } from "../number-format"

/** The default language's notation, for figures no page's language is given for (the forms' server, the tests' sums) */
export const DEFAULT_NUMBERS = numberLocale(DEFAULT_LANGUAGE.code)

/** How a number was read: its value (NaN when it is no number) */
export type NumberReader = (text: string) => number

/** A number as the page's address and the server carry it: JavaScript's own notation (12.5, 1e-7), nothing else */
export const readPlainNumber: NumberReader = (text) => (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text.trim()) ? Number(text.trim()) : NaN)

/** Devanagari's digits, zero to nine (U+0966-U+096F), as a Hindi keyboard types them */
const DEVANAGARI_DIGITS = /[\u0966-\u096f]/g

/** The text with Devanagari digits as Latin ones (१,००,००० is 1,00,000); nothing else changes */
export const latinDigits = (text: string): string => text.replace(DEVANAGARI_DIGITS, (digit) => String(digit.charCodeAt(0) - 0x0966))

/**
 * A number as a visitor in this locale types it: the locale's decimal sign
 * and its thousands separators (en-GB 1,000.5, de 1.000,5, fr 1 000,5,
 * en-IN and hi-IN 1,00,000.5 as well as 100,000.5),
 * spaces between groups of three in any locale, and scientific notation;
 * in Latin digits or Devanagari ones (१,०००) in any locale, as a Hindi
 * keyboard gives those whatever the browser's language.
 * "1,000" is a thousand in English and one in German, as each writes it; a
 * sign that cannot be the locale's separator (en "12,5": no group of three)
 * is read as the decimal sign. Anything else is no number.
 */
export function numberReader(locale: string): NumberReader {
  const parts = numberFormat(locale).formatToParts(1000.5)
  const decimal = parts.find((part) => part.type === "decimal")?.value ?? "."
  const group = parts.find((part) => part.type === "group")?.value ?? ","
  // a locale that groups in twos above the thousands writes a million 10,00,000
  const lakhs = /^\d\d\D\d\d\D\d{3}$/.test(numberFormat(locale, { numberingSystem: "latn" }).format(1000000))
  const escape = (sign: string) => sign.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
  const spaces = /[ \u00a0\u202f]/
  return (typed) => {
    let text = latinDigits(typed.trim())
    // spaces between groups of three are a thousands separator everywhere
    if (/^\d{1,3}([ \u00a0\u202f]\d{3})+([.,]\d+)?$/.test(text)) text = text.replace(new RegExp(spaces.source, "g"), "")
    if (/^\d+(\.\d+)?e[+-]?\d+$/i.test(text)) return Number(text)
    const groupSign = spaces.test(group) ? "\u0000" : group
    // groups of three (1,000,000), or in a locale that writes them, of two above the thousands (en-IN 10,00,000)
    const thousands = lakhs
      ? `(\\d{1,3}(${escape(groupSign)}\\d{3})+|\\d{1,2}(${escape(groupSign)}\\d{2})+${escape(groupSign)}\\d{3})`
      : `\\d{1,3}(${escape(groupSign)}\\d{3})+`
    const grouped = new RegExp(`^${thousands}(${escape(decimal)}\\d+)?$`)
    const plain = new RegExp(`^\\d+(${escape(decimal)}\\d+)?$`)
    if (grouped.test(text) || plain.test(text)) return Number(text.split(groupSign).join("").replace(decimal, "."))
    // the other sign, once, where it cannot be a thousands separator: the decimal sign
    const other = /^(\d+)[.,](\d+)$/.exec(text)
    if (other && other[2]!.length !== 3) return Number(`${other[1]}.${other[2]}`)
    return NaN
  }
}

/**
 * A number as typed on a page: in the visitor's browser's notation first
 * (1.000 is a thousand to a German reader, as on the English pages), and
 * what that cannot read in the page's own (a lakh, 1,00,000, on the Hindi
 * pages whatever the browser's language).
 */
export function typedNumberReader(visitor: string, page: string): NumberReader {
  const readers = [numberReader(visitor), numberReader(page)]
  return (text) => {
    for (const read of readers) {
      const value = read(text)
      if (!Number.isNaN(value)) return value
    }
    return NaN
  }
}

/**
 * A figure for people: two significant figures (the factors are not known
 * better than that), thousands separated, so 1,534.2 reads "1,500" and
 * 0.0412 reads "0.041". toPrecision, not a logarithm and toFixed: it takes
 * any finite number (toFixed threw below 1e-100, as ?amount=1e-102 gave),
 * and the language defines its digits exactly, so the browser and the
 * server (which checks an estimate's figures) round alike.
 */
export function roundForDisplay(value: number): number {
  if (value === 0 || !Number.isFinite(value)) return 0
  const rounded = Number(value.toPrecision(2))
  // only the very largest numbers round up past the largest double (1.8e308)
  return Number.isFinite(rounded) ? rounded : value
}

/**
 * A figure rounded for people (roundForDisplay), in the page's notation
 * (src/lib/languages.ts, numberLocale): 1,500 and 100,000 in English, 1,00,000
 * in Hindi.
 */
export function formatNumber(value: number, locale: string = DEFAULT_NUMBERS): string {
  return numberFormat(locale, { maximumFractionDigits: 6 }).format(roundForDisplay(value))
}

/**
 * A factor's value as its source gives it, every digit kept, in the page's
 * notation, grouped like every other figure of the page (5,000; 1,23,456 in
 * Hindi): the factor table once wrote a four-digit value as 5000 beside the
 * 5,000 of its own note (the Hindi review's T13).
 */
export function formatExact(value: number, locale: string = DEFAULT_NUMBERS): string {
  return numberFormat(locale, { maximumFractionDigits: 20 }).format(value)
}
