/**
 * An estimate the site made travels whatever the visitor does next: the
 * language switch carries it from one language's contact page to another's,
 * so the forms' server accepts it in the words of any of the site's
 * languages (and refuses what no language's estimator makes); a grid factor
 * typed as -0 or as a tiny number still makes a quote the contact form and
 * the server carry; and the content check refuses words no quote could
 * carry. On the site's own content: no figure is written here.
 */
import { createElement } from "react"
import { render, screen } from "@testing-library/react"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import english from "../../content/estimate/estimate.en.json"
import hindi from "../../content/estimate/estimate.hi.json"
import { Estimator, type EstimatorCopy } from "../../src/components/blocks/Estimator"
import { readEstimate, readEstimateIn } from "../../src/forms/estimate-figures"
import { LanguageContext } from "../../src/hooks/use-language"
import { validateSubmission } from "../../src/forms/submission-checks"
import { wordsIn } from "../../src/forms/copy"
import { checkQuotesFit } from "../../src/content/estimate-check"
import { validateContent } from "../../src/content/validate-content"
import { readInputs, type EstimateModel } from "../../src/lib/estimate"
import { quoteEstimate, type Estimate, type QuoteWords } from "../../src/lib/estimate-quote"
import { parseEstimate, stringifyEstimate } from "../../src/lib/forms/estimate-payload"
import { numberLocale } from "../../src/lib/language-notation"
import { LANGUAGES as SITE_LANGUAGES } from "../../src/lib/languages"

type Content = EstimateModel & QuoteWords
const LANGUAGES: [string, Content][] = [
  ["en", english],
  ["hi", hindi],
]
/** An estimate as the page in this language makes it for its link: its words, its notation */
const made = (content: Content, language: string, raw: Record<string, string>): Estimate =>
  quoteEstimate(content, content, readInputs(content, { amount: "20", ...raw }, 20).inputs, numberLocale(language))
const person = { username: "Ada", email: "ada@example.com", phone: "+44 20 7946 0958", subject: "Quote", message: "" }

describe("an estimate made in one language, posted from another's contact page", () => {
  it.each(english.streams.map((stream) => stream.id))("is accepted from either language's form for %s, as the site makes it", (stream) => {
    for (const [from, content] of LANGUAGES) {
      const estimate = made(content, from, { stream, grid: "0.45" })
      for (const form of ["en", "hi"]) {
        const result = validateSubmission("contact", { ...person, estimate: JSON.stringify(estimate) }, { estimate: wordsIn(form).estimates })
        expect([from, form, result]).toEqual([from, form, { ok: true, values: person, estimate }])
      }
    }
  })

  it("is read in the form's own language first, then in the others", () => {
    const hindiMade = made(hindi, "hi", { stream: "municipal-waste" })
    // before issue 48 the English form read only English words: the Hindi-made estimate was refused (400)
    expect(readEstimate(JSON.stringify(hindiMade), english, english)).toMatchObject({ ok: false, reason: expect.stringMatching(/^stream is not what/) })
    expect(readEstimateIn(JSON.stringify(hindiMade), wordsIn("en").estimates)).toEqual({ ok: true, estimate: hindiMade })
    // the form's own language first, then every other the site has (a copy of the project may have a third: __tests__/rigs/third-language.ts)
    expect(wordsIn("en").estimates[0]).toEqual(english)
    expect(wordsIn("hi").estimates[0]).toEqual(hindi)
    for (const code of ["en", "hi"]) {
      expect(wordsIn(code).estimates).toHaveLength(SITE_LANGUAGES.length)
      expect(wordsIn(code).estimates).toEqual(expect.arrayContaining([english, hindi]))
    }
  })

  it("still refuses what no language's estimator makes: one language's words with another's figures, or a forged figure", () => {
    const hindiMade = made(hindi, "hi", { stream: "municipal-waste" })
    const forged = { ...hindiMade, results: hindiMade.results.map((row, index) => (index === 0 ? { ...row, high: row.high * 10 } : row)) }
    const mixed = { ...hindiMade, stream: made(english, "en", { stream: "municipal-waste" }).stream, results: hindiMade.results }
    for (const estimate of [forged, mixed]) {
      const reading = readEstimateIn(JSON.stringify(estimate), wordsIn("en").estimates)
      // the reason is the form's own language's
      expect(reading).toMatchObject({ ok: false, reason: expect.stringMatching(/is not what the estimator makes/) })
    }
  })
})

describe("a visitor's grid factor the estimator takes makes a quote the contact form and the server carry", () => {
  // -0: the page labelled the factor "-0" while its address said "0"; 1e-16 (English) and 1e-26 (Hindi) pushed the
  // grid credit's label past 80 characters, and the contact page dropped the estimate (issue 48)
  const grids = ["-0", "0", "-0.0", "1e-16", "1e-26", "5e-324", "0.0001", "0.000099999", "0.00012345678", "1.9999999999999998", "2"]
  it.each(grids)("with a grid factor of %s, in every language and for every stream", (grid) => {
    for (const [language, content] of LANGUAGES) {
      for (const stream of content.streams.map((candidate) => candidate.id)) {
        const estimate = made(content, language, { stream, grid })
        const json = stringifyEstimate(estimate)
        // the contact page's reading, then the server's, from the form of either language
        expect([language, stream, parseEstimate(json).ok]).toEqual([language, stream, true])
        for (const form of ["en", "hi"])
          expect([language, stream, form, readEstimateIn(json, wordsIn(form).estimates)]).toEqual([language, stream, form, { ok: true, estimate }])
      }
    }
  })

  it("labels -0 as 0, as its address writes it, and a tiny factor in scientific notation", () => {
    const zero = made(english, "en", { stream: "municipal-waste", grid: "-0" })
    expect(zero.link).toMatch(/&grid=0$/)
    const labels = (estimate: Estimate) => estimate.results.map((row) => row.label).join("\n")
    expect(labels(zero)).toContain(english.results.gridOwn.replace("{factor}", "0"))
    expect(labels(zero)).not.toContain("-0")
    expect(labels(made(english, "en", { stream: "municipal-waste", grid: "1e-16" }))).toContain(english.results.gridOwn.replace("{factor}", "1E-16"))
    expect(labels(made(hindi, "hi", { stream: "municipal-waste", grid: "0.00012345" }))).toContain(hindi.results.gridOwn.replace("{factor}", "0.0001235"))
  })
})

describe("the calculator's quote link, from an address with -0 or a tiny grid factor", () => {
  afterEach(() => window.history.replaceState(null, "", "/"))
  it.each([
    ["en", "-0"],
    ["hi", "-0"],
    ["en", "1e-16"],
    ["hi", "1e-26"],
  ])("on the %s page with grid=%s carries an estimate the contact page and the server read", (language, grid) => {
    const content = language === "en" ? english : hindi
    window.history.replaceState(null, "", `${language === "en" ? "" : "/hi"}/estimate?stream=municipal-waste&amount=20&per=day&grid=${grid}`)
    const page = createElement(Estimator, { data: content as unknown as EstimatorCopy, model: content, products: "/product" })
    const { container } = render(createElement(LanguageContext.Provider, { value: language }, page))
    const link = screen.getByRole("link", { name: content.results.quote })
    const json = new URL(link.getAttribute("href")!, "http://localhost").searchParams.get("estimate")!
    expect(parseEstimate(json).ok).toBe(true)
    expect(readEstimateIn(json, wordsIn("en").estimates)).toMatchObject({ ok: true })
    // the page labels the factor as its address writes it: never "-0"
    expect(container.textContent).not.toMatch(/-0(?![.\d])/)
  })
})

describe("the content check holds every quote to what a quote carries", () => {
  const check = (content: unknown, language = "en") => {
    const errors: string[] = []
    checkQuotesFit("content/estimate/estimate.xx.json", content, language, errors)
    return errors
  }

  it("passes the site's own estimate files", () => {
    expect(check(english, "en")).toEqual([])
    expect(check(hindi, "hi")).toEqual([])
  })

  it("names the file, the result and the limit when a label would not fit, with India's grid or a visitor's own", () => {
    const longTitle = JSON.parse(JSON.stringify(english)) as typeof english
    longTitle.solutions = longTitle.solutions.map((solution) => (solution.id === "electricity" ? { ...solution, title: "W".repeat(60) } : solution))
    expect(check(longTitle)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^content\/estimate\/estimate\.xx\.json: the result "W{60}: .*" .* at most 80\. Shorten/)]),
    )

    // 60 characters of label fit with "India grid" but not with a visitor's longest factor
    const ownGrid = JSON.parse(JSON.stringify(english)) as typeof english
    ownGrid.results.gridOwn = "a grid of your own at {factor} tonnes of CO2 for every MWh it sends"
    const errors = check(ownGrid)
    expect(errors.length).toBeGreaterThan(0)
    expect(errors.every((error) => error.includes("with a visitor's own grid factor"))).toBe(true)
  })

  it("names a stream whose name no quote could carry, once", () => {
    const longName = JSON.parse(JSON.stringify(english)) as typeof english
    longName.streams[0]!.name = "N".repeat(81)
    expect(check(longName).filter((error) => /streams\[0\] \(".*"\) has a name of 81 characters; a quote carries at most 80/.test(error))).toHaveLength(1)
  })

  it("runs on every language's file when the content is validated, naming the file", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "quotes-fit-"))
    const dir = path.join(root, "content")
    const cwd = process.cwd()
    try {
      fs.cpSync(path.resolve(__dirname, "../../content"), dir, { recursive: true })
      const file = path.join(dir, "estimate", "estimate.hi.json")
      const data = JSON.parse(fs.readFileSync(file, "utf8")) as Content
      data.results.gridOwn = `${"अ".repeat(60)} {factor}`
      fs.writeFileSync(file, JSON.stringify(data, null, 2))
      process.chdir(root)
      const { errors } = await validateContent(dir)
      expect(errors.length).toBeGreaterThan(0)
      expect(errors.every((error) => error.startsWith("content/estimate/estimate.hi.json: the result "))).toBe(true)
    } finally {
      process.chdir(cwd)
      fs.rmSync(root, { recursive: true, force: true })
    }
  })
})
