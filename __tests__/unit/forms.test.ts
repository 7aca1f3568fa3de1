/**
 * The framework-independent core of the contact and subscribe forms (issue 6
 * groundwork): the server's validation and the durable store's files (the
 * store's behaviour, from both backends, is in forms-store.test.ts).
 */
import fs from "fs"
import os from "os"
import path from "path"
import { MAX_FIELDS, MIN_FILL_MS } from "../../src/lib/forms/fields"
import { createStore } from "../../src/forms/store"
import { countPairs, parseUrlencoded, redecodeLeftovers, TooManyFields } from "../../src/forms/urlencoded"
import { validateSubmission } from "../../src/forms/submission-checks"
import { growth, GROWTH_LIMIT } from "../support/growth"

const valid = { username: "Ada Example", email: "ada@example.com", phone: "+1 (555) 010-0199", subject: "Quote request", message: "Two lines\nof text" }
const codes = (body: unknown) => {
  const result = validateSubmission("contact", body)
  return result.ok ? [] : result.errors.map((error) => `${error.field}:${error.code}`)
}

describe("validateSubmission", () => {
  it("refuses C1 control characters and text that was not UTF-8 (decoded to U+FFFD)", () => {
    expect(codes({ ...valid, subject: "Quote\u0085request" })).toEqual(["subject:not_text"])
    expect(codes({ ...valid, username: "Ada\u009bExample" })).toEqual(["username:not_text"])
    expect(codes({ ...valid, email: "\ufffd@b.co" })).toEqual(["email:not_text"])
    expect(codes({ ...valid, message: "caf\u00e9, na\u00efve, \u20ac 5" })).toEqual([])
  })

  it("requires the fill time when asked (the page's script always sends it) and checks it", () => {
    const strict = (body: object) => {
      const result = validateSubmission("contact", body, { requireFillTime: true })
      return result.ok ? [] : result.errors.map((error) => `${error.field}:${error.code}`)
    }
    expect(strict(valid)).toEqual(["form:too_fast"])
    expect(strict({ ...valid, fillMs: "" })).toEqual(["form:too_fast"])
    expect(strict({ ...valid, fillMs: MIN_FILL_MS - 1 })).toEqual(["form:too_fast"])
    expect(strict({ ...valid, fillMs: MIN_FILL_MS })).toEqual([])
    // a plain form post cannot carry it
    expect(codes(valid)).toEqual([])
  })

  it("accepts a complete contact form and trims its values; the message is optional", () => {
    const result = validateSubmission("contact", { ...valid, username: "  Ada Example  ", message: undefined })
    expect(result).toEqual({ ok: true, values: { ...valid, message: "" } })
  })

  it("names every missing required field", () => {
    expect(codes({})).toEqual(["username:required", "email:required", "phone:required", "subject:required"])
    expect(codes({ ...valid, subject: "   " })).toEqual(["subject:required"])
  })

  it("refuses malformed e-mail addresses and phone numbers", () => {
    for (const email of ["ada", "ada@", "@example.com", "ada@example", "ada example@example.com", "ada@@example.com", "a<b>@example.com"]) {
      expect(codes({ ...valid, email })).toEqual(["email:invalid_email"])
    }
    for (const phone of ["call me", "12", "+1 555 abc", "<script>"]) expect(codes({ ...valid, phone })).toEqual(["phone:invalid_phone"])
  })

  it("refuses header injection: line breaks in single-line fields", () => {
    expect(codes({ ...valid, subject: "Hello\r\nBcc: victim@example.com" })).toEqual(["subject:line_break"])
    expect(codes({ ...valid, email: "ada@example.com\nBcc: x@example.com" })).toEqual(["email:line_break"])
  })

  it("refuses values that are too long, not text, or hold control characters", () => {
    expect(codes({ ...valid, message: "x".repeat(5001) })).toEqual(["message:too_long"])
    expect(codes({ ...valid, username: ["a", "b"] })).toEqual(["username:not_text"])
    expect(codes({ ...valid, subject: "bell\u0007" })).toEqual(["subject:not_text"])
    expect(codes("username=ada")).toEqual(["form:not_text"])
    expect(codes(null)).toEqual(["form:not_text"])
  })

  it("refuses a filled honeypot and a form sent faster than a person can", () => {
    expect(codes({ ...valid, website: "http://spam.example" })).toEqual(["form:spam"])
    expect(codes({ ...valid, fillMs: "500" })).toEqual(["form:too_fast"])
    expect(codes({ ...valid, fillMs: MIN_FILL_MS })).toEqual([])
    expect(codes({ ...valid, fillMs: String(MIN_FILL_MS) })).toEqual([])
    expect(codes({ ...valid, fillMs: "yesterday" })).toEqual(["form:too_fast"])
    expect(codes({ ...valid, fillMs: ["9999"] })).toEqual(["form:too_fast"])
  })

  it("checks the subscribe form's one field", () => {
    expect(validateSubmission("subscribe", { email: "news@example.com" })).toEqual({ ok: true, values: { email: "news@example.com" } })
    expect(validateSubmission("subscribe", { email: "nope" }).ok).toBe(false)
  })
})

describe("createStore", () => {
  let dir: string
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "forms-"))))
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it("writes each submission as one complete JSON file with an id, leaving no temporary files", async () => {
    const store = createStore(dir)
    const saved = await store.save("contact", valid, { ip: "127.0.0.1", now: new Date("2026-11-21T10:00:00Z") })
    const files = fs.readdirSync(path.join(dir, "contact/submissions"))
    expect(files).toEqual([`${saved.id}.json`])
    expect(JSON.parse(fs.readFileSync(path.join(dir, "contact/submissions", files[0]!), "utf8"))).toEqual({
      id: saved.id,
      kind: "contact",
      receivedAt: "2026-11-21T10:00:00.000Z",
      values: valid,
      ip: "127.0.0.0", // the network, not the address
    })
  })
})

describe("urlencoded bodies", () => {
  const message = (body: unknown) => (body as Record<string, unknown>).message

  it("are decoded by the URL Standard: bytes that are not UTF-8 become U+FFFD, which the validation refuses naming the field", () => {
    for (const bad of ["caf%C3%28", "%C0%AF", "%ED%A0%80", "caf%E9", "%F4%90%80%80"]) {
      const body = parseUrlencoded(`username=Ada&email=ada%40example.com&phone=%2B1+555+010+0100&subject=Quote&message=${bad}`)
      expect([bad, message(body)]).toEqual([bad, expect.stringContaining("\ufffd")])
      expect([bad, codes(body)]).toEqual([bad, ["message:not_text"]])
    }
    expect(message(parseUrlencoded("message=Gr%C3%BC%C3%9Fe+%F0%9F%99%82+100%25"))).toBe("Grüße 🙂 100%")
    // a name given twice: every value, which is no text for the validation
    expect(parseUrlencoded("email=a%40example.com&email=b%40example.com").email).toEqual(["a@example.com", "b@example.com"])
    expect(Object.getPrototypeOf(parseUrlencoded("__proto__=x"))).toBeNull()
  })

  it("are counted as URLSearchParams reads them: the pieces between & that are not empty, up to the limit and one more", () => {
    expect(countPairs("", 10)).toBe(0)
    expect(countPairs("&&&", 10)).toBe(0)
    expect(countPairs("a", 10)).toBe(1)
    expect(countPairs("a=&&b&", 10)).toBe(2)
    expect(countPairs("a&".repeat(1000), 10)).toBe(11)
    for (const body of ["a=1&b=2&&c", "x=1&x=2&x=3&", "&a&=b&c="]) expect([body, countPairs(body, 100)]).toEqual([body, [...new URLSearchParams(body)].length])
  })

  it(`refuse a body of more than ${MAX_FIELDS} pairs before decoding it, and read one at the limit`, () => {
    const pairs = (n: number) => Array.from({ length: n }, (_, index) => `f${index}=${index}`).join("&")
    expect(Object.keys(parseUrlencoded(pairs(MAX_FIELDS)))).toHaveLength(MAX_FIELDS)
    expect(() => parseUrlencoded(pairs(MAX_FIELDS + 1))).toThrow(TooManyFields)
    expect(() => parseUrlencoded("a=&".repeat(30_000))).toThrow(expect.objectContaining({ statusCode: 413, limit: MAX_FIELDS }))
  })

  it("cost their length, not its square: a name repeated, and one pair after another, 4 times as many cost about 4 times as much", () => {
    // no limit, so the parse itself is timed: a copy of the values per repeat took 95 s for 30,000 repeats of "a="
    const copying = (body: string) => {
      const values: Record<string, string[]> = {}
      for (const [name = "", value = ""] of body.split("&").map((pair) => pair.split("="))) values[name] = [...(values[name] ?? []), value]
      return values
    }
    const parse = (body: string) => parseUrlencoded(body, Infinity)
    expect(growth((n) => "a=&".repeat(n), copying, 2_000, 3).ratio).toBeGreaterThan(GROWTH_LIMIT)
    // bare names ("a&") are left out: Node's URLSearchParams itself grows faster than their number (16,000 to 64,000: 18 times);
    // a post is refused over MAX_FIELDS pairs, counted before anything is decoded
    for (const pair of ["a=&", "x=1&"]) {
      const { ratio } = growth((n) => pair.repeat(n), parse, 2_000)
      expect([pair, ratio < GROWTH_LIMIT ? "linear" : `${ratio.toFixed(1)} times`]).toEqual([pair, "linear"])
    }
    const parsed = parseUrlencoded("a=&".repeat(30_000), Infinity)
    expect((Object.values(parsed)[0] as string[]).length).toBe(30_000)
  }, 60_000)

  it("left undecoded by another parser (qs keeps a value it cannot decode as it came) are decoded again; decoded text is left as typed", () => {
    // what qs hands over: "caf%C3%28" for a value it could not decode; "100% sure: a%20b" for one typed so
    const body = redecodeLeftovers({ a: "caf%C3%28", b: "100% sure: a%20b, %zz", c: "%C0%AF", d: "Grüße %C3%A9", e: 5 }) as Record<string, unknown>
    expect(body).toEqual({ a: "caf\ufffd(", b: "100% sure: a%20b, %zz", c: "\ufffd\ufffd", d: "Grüße %C3%A9", e: 5 })
  })
})
