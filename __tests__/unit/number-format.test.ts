import { numberFormat } from "../../src/lib/number-format"

describe("numberFormat", () => {
  it("writes every figure as toLocaleString does, in each notation the pages use", () => {
    const values = [0, 0.5, 5000, 12345, 123456.789, 1e7, -2500.25, 0.000123]
    const cases: [string, Intl.NumberFormatOptions][] = [
      ["en-GB", { maximumFractionDigits: 6 }],
      ["hi-IN-u-nu-latn", { maximumFractionDigits: 6 }],
      ["en-GB", { maximumFractionDigits: 20, useGrouping: false }],
      ["hi-IN-u-nu-latn", { maximumSignificantDigits: 4 }],
      ["de", {}],
    ]
    for (const [locale, options] of cases) {
      for (const value of values) expect(numberFormat(locale, options).format(value)).toBe(value.toLocaleString(locale, options))
    }
  })

  it("builds one formatter per locale and options, and tells options apart", () => {
    expect(numberFormat("en-GB", { maximumFractionDigits: 6 })).toBe(numberFormat("en-GB", { maximumFractionDigits: 6 }))
    expect(numberFormat("en-GB", { maximumFractionDigits: 6 })).not.toBe(numberFormat("en-GB", { maximumFractionDigits: 5 }))
    expect(numberFormat("en-GB")).not.toBe(numberFormat("hi-IN"))
    expect(numberFormat("hi-IN").format(1e5)).toBe("1,00,000")
  })
})
