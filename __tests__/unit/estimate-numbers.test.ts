/**
 * Numbers in the estimator (src/lib/estimate/numbers.ts): what a visitor
 * types, read in their language's notation (and a Hindi keyboard's digits),
 * the address's plain notation, and figures written for people. Split from
 * estimate.test.ts, which keeps the model's arithmetic.
 */
import {
  formatExact,
  formatNumber,
  latinDigits,
  numberReader,
  readInputs,
  readPlainNumber,
  roundForDisplay,
  toQuery,
  typedNumberReader,
} from "../../src/lib/estimate"
import { numberLocale } from "../../src/lib/language-notation"
import { MODEL } from "../fixtures/estimate-model"
import { mulberry32 } from "../support/random"

/** The notations the English and the Hindi pages write figures in (src/lib/languages.ts) */
const EN = numberLocale("en")
const HI = numberLocale("hi")
/** Latin digits as Devanagari ones, as a Hindi keyboard types them */
const devanagari = (text: string) => text.replace(/[0-9]/g, (digit) => String.fromCharCode(0x0966 + Number(digit)))

describe("numbers as typed", () => {
  const english = numberReader("en-GB")
  const german = numberReader("de-DE")
  const french = numberReader("fr-FR")

  it.each([
    ["1,000", 1000],
    ["1,000,000", 1e6],
    ["1,000.5", 1000.5],
    ["1 000", 1000],
    ["1\u00a0000", 1000],
    ["12.5", 12.5],
    ["12,5", 12.5],
    ["1.000", 1],
    ["1e9", 1e9],
    ["20", 20],
  ])("in English, %p is %p", (text, value) => expect(english(text)).toBe(value))

  it.each([
    ["1.000", 1000],
    ["1,000", 1],
    ["1.000,5", 1000.5],
    ["1 000", 1000],
    ["12,5", 12.5],
    ["12.5", 12.5],
  ])("in German, %p is %p", (text, value) => expect(german(text)).toBe(value))

  it("in French, a narrow space groups the thousands and the comma is the decimal sign", () => {
    expect(french("1\u202f000,5")).toBe(1000.5)
    expect(french("1 000")).toBe(1000)
  })

  it("in Indian English and Hindi, lakhs and crores as written there, and groups of three too", () => {
    for (const locale of ["en-IN", "hi-IN"]) {
      const indian = numberReader(locale)
      expect([locale, indian("1,00,000")]).toEqual([locale, 100000])
      expect([locale, indian("1,00,00,000.5")]).toEqual([locale, 10000000.5])
      expect([locale, indian("100,000")]).toEqual([locale, 100000])
      expect([locale, indian("1,00,0")]).toEqual([locale, NaN])
    }
    // elsewhere a lakh's commas are no number: not silently a hundred thousand in a locale that does not write it
    expect(english("1,00,000")).toBeNaN()
  })

  it.each(["abc", "1,00,0", "1.2.3", "12 t", "", "1,,000", "-", "--5"])("%p is no number", (text) => {
    expect(english(text)).toBeNaN()
    expect(german(text)).toBeNaN()
  })

  it("in the address and on the server, JavaScript's notation only: 1,000 is refused, not read as 1", () => {
    expect(readPlainNumber("1,000")).toBeNaN()
    expect(readPlainNumber("1e-102")).toBe(1e-102)
    expect(readPlainNumber("12.5")).toBe(12.5)
    expect(readInputs(MODEL, { amount: "1,000" }, 5).errors).toEqual({ amount: true })
  })

  it("a typed amount is read as the visitor's language writes it, and one too large is refused", () => {
    expect(readInputs(MODEL, { amount: "1,000" }, 5, english).inputs.amount).toBe(1000)
    expect(readInputs(MODEL, { amount: "1.000" }, 5, german).inputs.amount).toBe(1000)
    expect(readInputs(MODEL, { amount: "1 000" }, 5, english).inputs.amount).toBe(1000)
    expect(readInputs(MODEL, { amount: "1e9" }, 5, english).errors).toEqual({ amount: true })
    expect(readInputs(MODEL, { amount: "twenty" }, 5, english).errors).toEqual({ amount: true })
  })
})

describe("numbers on the Hindi pages", () => {
  it("Devanagari digits read as Latin ones in any locale (a Hindi keyboard whatever the browser's language); nothing else changes", () => {
    expect(latinDigits("१,००,०००.५")).toBe("1,00,000.5")
    expect(latinDigits("20 t")).toBe("20 t")
    for (const locale of ["en-GB", "en-US", "de-DE", "hi-IN", HI]) {
      const read = numberReader(locale)
      expect([locale, read("२०")]).toEqual([locale, 20])
      expect([locale, read("०.५")]).toEqual([locale, 0.5])
      expect([locale, read("१२ ५००")]).toEqual([locale, 12500])
      expect([locale, read("२० t")]).toEqual([locale, NaN])
    }
    expect(numberReader(HI)("१,००,०००")).toBe(100000)
    expect(numberReader(HI)("1,00,000")).toBe(100000)
    expect(numberReader("en-GB")("१,०००")).toBe(1000)
    expect(numberReader("de-DE")("१.०००")).toBe(1000)
  })

  it("a typed number is read in the visitor's notation first, then in the page's: a lakh on /hi/ whatever the browser's language", () => {
    const onHindi = (visitor: string) => typedNumberReader(visitor, HI)
    for (const visitor of ["en-US", "en-GB", "de-DE", "fr-FR", "hi-IN"]) {
      for (const typed of ["1,00,000", "१,००,०००", "100000", "१०००००", "100,000"])
        // in German and French a comma before three digits is their decimal sign, as on the English page
        expect([visitor, typed, onHindi(visitor)(typed)]).toEqual([visitor, typed, ["de-DE", "fr-FR"].includes(visitor) && typed === "100,000" ? 100 : 100000])
      expect([visitor, onHindi(visitor)("12.5")]).toEqual([visitor, 12.5])
      expect([visitor, onHindi(visitor)("१२.५")]).toEqual([visitor, 12.5])
      expect([visitor, onHindi(visitor)("bees")]).toEqual([visitor, NaN])
    }
    // the visitor's own notation wins where both read it: 1.000 is a thousand to a German reader, on either page
    expect(onHindi("de-DE")("1.000")).toBe(1000)
    expect(typedNumberReader("de-DE", EN)("1.000")).toBe(1000)
    // the English page reads as it did: a lakh's commas are a lakh only where the visitor's language writes them
    expect(typedNumberReader("en-GB", EN)("1,00,000")).toBeNaN()
    expect(typedNumberReader("en-IN", EN)("1,00,000")).toBe(100000)
  })

  it("the address holds what was typed as a plain number, the same in both languages", () => {
    const typed = ["1,00,000", "१,००,०००", "100000", "१०००००"].map((amount) => readInputs(MODEL, { amount, days: "३३०" }, 5, typedNumberReader("en-US", HI)))
    for (const { inputs, errors } of typed) {
      expect(errors).toEqual({})
      expect(toQuery(inputs, MODEL)).toBe("stream=husk&amount=100000&per=day&moisture=10&days=330")
      expect(readInputs(MODEL, Object.fromEntries(new URLSearchParams(toQuery(inputs, MODEL))), 5).inputs).toEqual(inputs)
    }
    // the address itself takes JavaScript's notation only, in Latin digits
    expect(readPlainNumber("१००")).toBeNaN()
  })

  it("figures: lakhs and crores in Latin digits on the Hindi pages, groups of three on the English ones", () => {
    expect(formatNumber(123456, HI)).toBe("1,20,000")
    expect(formatNumber(123456, EN)).toBe("120,000")
    expect(formatNumber(12345678, HI)).toBe("1,20,00,000")
    expect(formatNumber(1534.2, HI)).toBe("1,500")
    expect(formatNumber(0.04123, HI)).toBe("0.041")
    // the English default is the English pages' notation
    expect(formatNumber(123456)).toBe(formatNumber(123456, EN))
    expect(formatNumber(1e9, HI)).toMatch(/^[0-9,]+$/)
  })

  it("a factor shows every digit its source gives, grouped in the page's notation", () => {
    expect(formatExact(13.479, HI)).toBe("13.479")
    // grouped as the notes write it (5,000), not 5000 beside it (the Hindi review's T13)
    expect(formatExact(5000, HI)).toBe("5,000")
    expect(formatExact(5000, EN)).toBe("5,000")
    expect(formatExact(1462, HI)).toBe("1,462")
    expect(formatExact(123456.25, HI)).toBe("1,23,456.25")
    expect(formatExact(123456.25, EN)).toBe("123,456.25")
    expect(formatExact(0.000001, HI)).toBe("0.000001")
    expect(formatExact(-0.5, EN)).toBe("-0.5")
  })
})

describe("figures for people", () => {
  it("keeps two significant figures and separates thousands", () => {
    expect(roundForDisplay(11046.666)).toBe(11000)
    expect(roundForDisplay(0.04123)).toBe(0.041)
    expect(roundForDisplay(460.278)).toBe(460)
    expect(formatNumber(1534.2)).toBe("1,500")
    expect(formatNumber(6.3)).toBe("6.3")
    expect(formatNumber(0)).toBe("0")
  })

  // A shared link or a typed amount may be any number: ?amount=1e-102 once threw
  // "toFixed() digits argument must be between 0 and 100" and blanked the page
  it.each([1e-102, 5e-324, 1e-120, 1.7976931348623157e308, 1e21, -1e-200, 1e-7])("rounds %p to two significant figures without throwing", (value) => {
    const rounded = roundForDisplay(value)
    expect(Number.isFinite(rounded)).toBe(true)
    expect(Math.abs(rounded - value)).toBeLessThanOrEqual(Math.abs(value) * 0.05)
    expect(() => formatNumber(value)).not.toThrow()
  })

  it("reads the same digits whatever the engine's logarithms: no rounding error at a power of ten", () => {
    expect(roundForDisplay(999.96)).toBe(1000)
    expect(roundForDisplay(0.001)).toBe(0.001)
    expect(roundForDisplay(1.25)).toBe(1.3)
    expect(formatNumber(1e-102)).toBe("0")
  })
})

describe("properties of numbers, on random values (seeded: a failure shows again with the same case)", () => {
  const random = mulberry32(37)
  const between = (low: number, high: number) => low + (high - low) * random()

  it("a number written in the visitor's locale reads back as itself (en-GB, en-IN, de-DE, fr-FR, hi-IN)", () => {
    for (const locale of ["en-GB", "en-IN", "de-DE", "fr-FR", "hi-IN"]) {
      const read = numberReader(locale)
      const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 3, numberingSystem: "latn" })
      for (let i = 0; i < 200; i++) {
        const value = Math.round(10 ** between(-2, 7) * 1000) / 1000
        const written = format.format(value)
        expect([locale, written, read(written)]).toEqual([locale, written, value])
      }
    }
  })

  it("a figure the Hindi page writes reads back as itself, in Latin or Devanagari digits, whatever the visitor's browser", () => {
    // the browsers whose notation agrees with the page's point and commas: a German or French reader's takes 2,100 as 2.1
    // and 0.089 as 89, on either page (the page then says how it read them: amountRead)
    const visitors = ["en-US", "en-GB", "en-IN", "hi-IN", "hi"]
    for (let i = 0; i < 400; i++) {
      const value = 10 ** between(-3, 7)
      const written = formatNumber(value, HI)
      expect(written).toMatch(/^[0-9,.]+$/)
      const visitor = visitors[i % visitors.length]!
      const read = typedNumberReader(visitor, HI)
      const shown = roundForDisplay(value)
      expect([visitor, written, read(written)]).toEqual([visitor, written, shown])
      expect([visitor, devanagari(written), read(devanagari(written))]).toEqual([visitor, devanagari(written), shown])
    }
  })

  it("a number written in Hindi's Devanagari digits reads back as itself (hi-IN's own native notation, १,२३,४५६.७८९)", () => {
    const read = numberReader(HI)
    const format = new Intl.NumberFormat("hi-IN", { maximumFractionDigits: 3, numberingSystem: "deva" })
    for (let i = 0; i < 200; i++) {
      const value = Math.round(10 ** between(-2, 7) * 1000) / 1000
      const written = format.format(value)
      expect(written).toMatch(/^[\u0966-\u096f,.]+$/)
      expect([written, read(written)]).toEqual([written, value])
    }
  })
})
