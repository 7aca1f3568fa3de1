/**
 * The estimate that /estimate hands to the contact form (src/lib/forms/estimate-payload.ts):
 * the payload's rules one by one, the lines it is written out in, and what
 * the contact form does with ?estimate= in its address.
 */
import { createElement } from "react"
import { act, fireEvent, render, screen } from "@testing-library/react"
import { ContactForm } from "../../src/components/blocks/ContactForm"
import { formatEstimate, parseEstimate, type Estimate } from "../../src/lib/forms/estimate-payload"
import { LanguageContext } from "../../src/hooks/use-language"
import { numberLocale } from "../../src/lib/language-notation"
import { forms, privacy } from "../fixtures/chrome"
import { contactFormCopy, exampleEstimate } from "../fixtures/estimate"

const example = exampleEstimate

/** The example with one change, as JSON */
const changed = (change: (estimate: Record<string, unknown> & { results: Record<string, unknown>[] }) => void): string => {
  const estimate = example() as unknown as Record<string, unknown> & { results: Record<string, unknown>[] }
  change(estimate)
  return JSON.stringify(estimate)
}

const row = (index: number) => ({ label: `Row ${index}`, low: 1, typical: 2, high: 3, unit: "t" })

describe("parseEstimate", () => {
  it("accepts the example, and each value at its limit", () => {
    expect(parseEstimate(JSON.stringify(example()))).toEqual({ ok: true, estimate: example() })
    const limits = [
      changed((e) => (e.amount = 1e7)),
      changed((e) => (e.amount = 0.001)),
      changed((e) => (e.per = "year")),
      changed((e) => (e.moisture = 0)),
      changed((e) => (e.moisture = 95)),
      changed((e) => (e.days = 1)),
      changed((e) => (e.days = 366)),
      changed((e) => (e.stream = "é".repeat(80))),
      changed((e) => (e.link = `/estimate?${"a".repeat(290)}`)),
      changed((e) => (e.results = Array.from({ length: 24 }, (_, index) => row(index)))),
      changed((e) => (e.results[0] = { label: "x".repeat(80), low: 0, typical: 0, high: 0, unit: "u".repeat(30) })),
      `${JSON.stringify(example())}${" ".repeat(4000 - JSON.stringify(example()).length)}`,
    ]
    for (const json of limits) expect(parseEstimate(json)).toMatchObject({ ok: true })
  })

  const broken: [string, string][] = [
    ["an unknown key", changed((e) => (e.currency = "EUR"))],
    ["an unknown key in a row", changed((e) => (e.results[0]!.note = "x"))],
    ["a key missing", changed((e) => delete e.days)],
    ["v 2", changed((e) => (e.v = 2))],
    ['v "1"', changed((e) => (e.v = "1"))],
    ["per week", changed((e) => (e.per = "week"))],
    ["amount 0", changed((e) => (e.amount = 0))],
    ["a negative amount", changed((e) => (e.amount = -5))],
    ["an infinite amount (1e999 in JSON)", JSON.stringify(example()).replace('"amount":20', '"amount":1e999')],
    ["an amount over 1e7", changed((e) => (e.amount = 1e7 + 1))],
    ["an amount that is text", changed((e) => (e.amount = "20"))],
    ["moisture 96", changed((e) => (e.moisture = 96))],
    ["days 0", changed((e) => (e.days = 0))],
    ["days 367", changed((e) => (e.days = 367))],
    ["days 1.5", changed((e) => (e.days = 1.5))],
    ["a link not starting with /estimate?", changed((e) => (e.link = "/contact?stream=rice-husk"))],
    ["a link to another site", changed((e) => (e.link = "https://evil.example/estimate?x=1"))],
    ["a link with //", changed((e) => (e.link = "/estimate?next=//evil.example"))],
    ["a link with a backslash", changed((e) => (e.link = "/estimate?next=\\evil.example"))],
    ["a link over 300 characters", changed((e) => (e.link = `/estimate?${"a".repeat(291)}`))],
    ["0 rows", changed((e) => (e.results = []))],
    ["25 rows", changed((e) => (e.results = Array.from({ length: 25 }, (_, index) => row(index))))],
    ["a row that is not an object", changed((e) => (e.results = ["Net electricity"] as never))],
    ["low above typical", changed((e) => (e.results[0]!.low = 1501))],
    ["typical above high", changed((e) => (e.results[0]!.typical = 1801))],
    ["a number that is not finite", changed((e) => Object.assign(e.results[0]!, { low: -Infinity }))],
    ["a label of 81 characters", changed((e) => (e.results[0]!.label = "x".repeat(81)))],
    ["a unit of 31 characters", changed((e) => (e.results[0]!.unit = "u".repeat(31)))],
    ["an empty stream", changed((e) => (e.stream = ""))],
    ["a stream of 81 characters", changed((e) => (e.stream = "x".repeat(81)))],
    ["a control character in the stream", changed((e) => (e.stream = "Rice\u0007husk"))],
    ["a line break in a label", changed((e) => (e.results[0]!.label = "Net\nelectricity"))],
    ["a C1 control character in a unit", changed((e) => (e.results[0]!.unit = "kWh\u0085"))],
    ["a control character in the link", changed((e) => (e.link = "/estimate?a=1\u0000"))],
    ["half a surrogate pair", changed((e) => (e.stream = "Rice \ud800 husk"))],
    // a new line to a mail program or a terminal, and the bidirectional controls that reorder what follows them
    ["a line separator (U+2028) in the stream", changed((e) => (e.stream = "Rice\u2028husk"))],
    ["a paragraph separator (U+2029) in a label", changed((e) => (e.results[0]!.label = "Net\u2029electricity"))],
    ["a right-to-left override (U+202E) in a unit", changed((e) => (e.results[0]!.unit = "\u202ehWk"))],
    ["a left-to-right embedding (U+202A) in the stream", changed((e) => (e.stream = "\u202aRice husk"))],
    ["a pop directional formatting (U+202C) in a label", changed((e) => (e.results[0]!.label = "Net electricity\u202c"))],
    ["a right-to-left isolate (U+2067) in the stream", changed((e) => (e.stream = "Rice \u2067husk\u2069"))],
    ["a first strong isolate (U+2068) in a unit", changed((e) => (e.results[0]!.unit = "\u2068kWh"))],
    ["a right-to-left mark (U+200F) in the link", changed((e) => (e.link = "/estimate?a=1\u200f"))],
    ["a left-to-right mark (U+200E) in the stream", changed((e) => (e.stream = "Rice\u200ehusk"))],
    ["over 4000 characters", `${JSON.stringify(example())}${" ".repeat(4001 - JSON.stringify(example()).length)}`],
    ["not JSON", "{v:1}"],
    ["empty text", ""],
    ["JSON that is not an object", "[1]"],
    ["null", "null"],
  ]
  it.each(broken)("refuses %s", (_, json) => {
    const reading = parseEstimate(json)
    expect(reading).toEqual({ ok: false, reason: expect.any(String) })
  })
})

/** The words as content/contact/contact.en.json has them, written here so the test does not change with the copy */
const texts = {
  note: "Estimate attached.",
  remove: "Take it off",
  unreadable: "The estimate in the address could not be read; it is not attached.",
  subject: "Quote: {stream}",
  summary: "{stream}, {amount} t per {per}, moisture {moisture} %, {days} operating days a year",
  perDay: "day",
  perYear: "year",
  result: "{label}: {low} to {high} {unit} (typical {typical})",
}

describe("formatEstimate", () => {
  it("writes one line on what went in and one per result, grouped in thousands, with no more decimals than given", () => {
    const estimate: Estimate = {
      ...example(),
      results: [...example().results, { label: "Biochar", low: 0.5, typical: 0.75, high: 1.25, unit: "t/day" }],
    }
    expect(formatEstimate(estimate, texts)).toEqual([
      "Rice husk, 20 t per day, moisture 10 %, 330 operating days a year",
      "Net electricity: 1,200 to 1,800 kWh/day (typical 1,500)",
      "Biochar: 0.5 to 1.25 t/day (typical 0.75)",
    ])
    expect(formatEstimate({ ...example(), amount: 12345.5, per: "year", moisture: 7.25 }, texts)[0]).toBe(
      "Rice husk, 12,345.5 t per year, moisture 7.25 %, 330 operating days a year",
    )
  })

  it("writes the figures in a language's notation: lakhs for the Hindi pages, groups of three by default (the English pages, sales)", () => {
    const large: Estimate = {
      ...example(),
      amount: 1234567.5,
      per: "year",
      results: [{ label: "Net electricity", low: 120000, typical: 150000, high: 18000000, unit: "kWh/day" }],
    }
    expect(formatEstimate(large, texts, numberLocale("hi"))).toEqual([
      "Rice husk, 12,34,567.5 t per year, moisture 10 %, 330 operating days a year",
      "Net electricity: 1,20,000 to 1,80,00,000 kWh/day (typical 1,50,000)",
    ])
    expect(formatEstimate(large, texts)).toEqual(formatEstimate(large, texts, numberLocale("en")))
    expect(formatEstimate(large, texts)[1]).toBe("Net electricity: 120,000 to 18,000,000 kWh/day (typical 150,000)")
  })
})

describe("ContactForm with ?estimate=", () => {
  const data = contactFormCopy(texts)
  /** The page's language's names of the streams */
  let streams = ["Rice husk", "Wood chips"]
  const json = JSON.stringify(example())
  /** Until the estimate's rules, fetched by the form when the address carries one, have come and been applied */
  const settled = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)))
  const renderAt = async (address: string) => {
    window.history.replaceState(null, "", address)
    const rendered = render(createElement(ContactForm, { data, copy: forms, privacy, streams }))
    await settled()
    return rendered
  }
  const hidden = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[name="estimate"]')
  const lines = "Rice husk, 20 t per day, moisture 10 %, 330 operating days a year\nNet electricity: 1,200 to 1,800 kWh/day (typical 1,500)"

  afterEach(() => {
    window.history.replaceState(null, "", "/")
    jest.restoreAllMocks()
  })

  it("fills in the message and the subject, attaches the estimate in a hidden field and says so", async () => {
    const { container } = await renderAt(`/contact?estimate=${encodeURIComponent(json)}#contact`)
    expect(screen.getByLabelText(/^Message/)).toHaveValue(lines)
    expect(screen.getByLabelText(/^Subject/)).toHaveValue("Quote: Rice husk")
    expect(hidden(container)).toHaveAttribute("type", "hidden")
    expect(hidden(container)).toHaveValue(json)
    expect(screen.getByText("Estimate attached.")).toBeInTheDocument()
  })

  it("on the Hindi contact page writes the estimate's figures in lakhs, and attaches the same numbers", async () => {
    const large = JSON.stringify({ ...example(), amount: 123456 })
    window.history.replaceState(null, "", `/hi/contact?estimate=${encodeURIComponent(large)}#contact`)
    const { container } = render(createElement(LanguageContext.Provider, { value: "hi" }, createElement(ContactForm, { data, copy: forms, privacy, streams })))
    await settled()
    expect(screen.getByLabelText(/^Message/)).toHaveValue(lines.replace("20 t", "1,23,456 t"))
    expect(hidden(container)).toHaveValue(large)
  })

  it("keeps a subject from ?subject= and still attaches the estimate (the link /estimate makes, encoded by URLSearchParams)", async () => {
    const { container } = await renderAt(
      `/contact?${new URLSearchParams({ subject: "Quote request: Rice husk", from: "estimate", estimate: json }).toString()}#contact`,
    )
    expect(screen.getByLabelText(/^Subject/)).toHaveValue("Quote request: Rice husk")
    expect(screen.getByLabelText(/^Message/)).toHaveValue(lines)
    expect(hidden(container)).toHaveValue(json)
  })

  it("drops the hidden field and the note with the remove button, and leaves the message to the visitor", async () => {
    const { container } = await renderAt(`/contact?estimate=${encodeURIComponent(json)}`)
    fireEvent.click(screen.getByRole("button", { name: "Take it off" }))
    expect(hidden(container)).toBeNull()
    expect(screen.queryByText("Estimate attached.")).toBeNull()
    expect(screen.queryByRole("button", { name: "Take it off" })).toBeNull()
    expect(screen.getByLabelText(/^Message/)).toHaveValue(lines)
    expect(screen.getByLabelText(/^Message/)).toHaveFocus()
  })

  it("posts the estimate with the form's script", async () => {
    const fetch = jest.fn(async (_url: string, _init: RequestInit) => ({ ok: true, status: 201, json: async () => ({ ok: true, message: "Got it" }) }))
    Object.defineProperty(window, "fetch", { value: fetch, configurable: true, writable: true })
    const { container } = await renderAt(`/contact?estimate=${encodeURIComponent(json)}`)
    for (const [label, value] of [
      ["Name", "Ada"],
      ["E-mail", "ada@example.com"],
      ["Phone", "+44 20 7946 0958"],
    ] as const) {
      fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } })
    }
    await act(async () => {
      fireEvent.submit(screen.getByRole("form", { name: "Write to us" }))
    })
    expect(fetch).toHaveBeenCalledTimes(1)
    const body = JSON.parse(String(fetch.mock.calls[0]![1].body)) as Record<string, string>
    expect(body).toMatchObject({ estimate: json, subject: "Quote: Rice husk", message: lines, username: "Ada" })
    // sent: the emptied form no longer carries it
    expect(hidden(container)).toBeNull()
  })

  it.each([
    ["that is not JSON", "%7Bnot-json"],
    ["that breaks a rule", encodeURIComponent(JSON.stringify({ ...example(), days: 0 }))],
    // a label over the 80 characters a quote carries: a grid factor of 1e-16 written out made one (issue 48)
    ["whose label is too long", encodeURIComponent(JSON.stringify({ ...example(), results: [{ ...example().results[0]!, label: "x".repeat(81) }] }))],
  ])("says plainly that an estimate %s is not attached, and leaves the form as usual", async (_, value) => {
    const { container } = await renderAt(`/contact?estimate=${value}`)
    expect(screen.getByText(texts.unreadable)).toHaveAttribute("role", "status")
    expect(screen.getByLabelText(/^Message/)).toHaveValue("")
    expect(screen.getByLabelText(/^Subject/)).toHaveValue("")
    expect(hidden(container)).toBeNull()
    expect(screen.queryByText("Estimate attached.")).toBeNull()
    expect(screen.queryByRole("button", { name: "Take it off" })).toBeNull()
  })

  it("attaches an estimate made in another language (the language switch carries it) without writing its words into the message or the subject", async () => {
    streams = ["धान की भूसी"]
    try {
      const { container } = await renderAt(`/contact?estimate=${encodeURIComponent(json)}#contact`)
      expect(hidden(container)).toHaveValue(json)
      expect(screen.getByText("Estimate attached.")).toBeInTheDocument()
      expect(screen.getByLabelText(/^Message/)).toHaveValue("")
      expect(screen.getByLabelText(/^Subject/)).toHaveValue("")
    } finally {
      streams = ["Rice husk", "Wood chips"]
    }
  })

  it("says nothing of an estimate when the address's is empty", async () => {
    const { container } = await renderAt("/contact?estimate=")
    expect(screen.queryByText(texts.unreadable)).toBeNull()
    expect(hidden(container)).toBeNull()
  })
})
