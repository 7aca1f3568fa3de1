/**
 * A contact message with an estimate from /estimate attached (the optional
 * field "estimate", src/lib/forms/estimate-payload.ts), end to end: the production server
 * as its own process, a real SMTP server on loopback, a temporary store, and
 * `npm run forms` on that store. Nothing is mocked.
 *
 *   npx jest --selectProjects forms --runInBand --testPathPatterns estimate
 */
import { execFile } from "child_process"
import fs from "fs"
import path from "path"
import { BODY_LIMIT_BYTES } from "../../src/forms/service"
import { cleanUpAll, ROOT, startFormServer, startSmtp, waitUntil, type FormServer, type ReceivedMail, type SmtpSink } from "../support/form-server"
import { request, type Reply } from "../support/http"
import { readInputs, type EstimateModel } from "../../src/lib/estimate"
import { quoteEstimate, type QuoteWords } from "../../src/lib/estimate-quote"

jest.setTimeout(120_000)
afterAll(() => cleanUpAll(), 30_000)

// The words the server must use: read from content/, never copied here
const readJson = <T>(relative: string): T => JSON.parse(fs.readFileSync(path.join(ROOT, relative), "utf8")) as T
const forms = readJson<{
  errors: Record<string, string>
  mail: { estimateTitle: string; estimateLink: string; sourceUnknown: string }
  pages: { id: string; path: string }[]
}>("content/forms/forms.en.json")
const contact = readJson<{ form: { estimate: Record<"label" | "note" | "summary" | "perDay" | "result", string> } }>("content/contact/contact.en.json")
const words = contact.form.estimate
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
/** How React escapes text and attribute values in the server's pages */
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;")

const SITE_URL = "https://forms.example.com"
const MAIL_TO = "sales@example.com"

// An estimate as /estimate makes it, from the content's factors (the server accepts no other figures): 20 t/day of rice husk
const factors = readJson<EstimateModel & QuoteWords>("content/estimate/estimate.en.json")
const estimate = quoteEstimate(factors, factors, readInputs(factors, { stream: "rice-husk", amount: "20", per: "day" }, 20).inputs)
const ESTIMATE_JSON = JSON.stringify(estimate)
/** A figure as the site writes it in British English, every digit it was given */
const figure = (value: number) => value.toLocaleString("en-GB", { maximumFractionDigits: 20 })
/** The lines every reader of the lead sees, in the content's words */
const LINES = [
  fill(words.summary, { stream: estimate.stream, amount: "20", per: words.perDay, moisture: figure(estimate.moisture), days: figure(estimate.days) }),
  ...estimate.results.map((row) =>
    fill(words.result, { label: row.label, low: figure(row.low), typical: figure(row.typical), high: figure(row.high), unit: row.unit }),
  ),
]
const ABSOLUTE_LINK = `${SITE_URL}${estimate.link}`

const person = (tag: string) => ({
  username: `Visitor ${tag}`,
  email: `${tag}@example.com`,
  phone: "+1 555 010 0100",
  subject: `Quote ${tag}`,
  message: `Message ${tag}`,
})

const postJson = (server: FormServer, body: object, headers: Record<string, string> = {}) =>
  request(server.url, "/api/contact", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...headers },
    body: JSON.stringify({ fillMs: 6000, ...body }),
  })
/** A plain HTML form post, the way a browser without the page's script sends it */
const postForm = (server: FormServer, fields: Record<string, string>) =>
  request(server.url, "/api/contact", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
    body: new URLSearchParams(fields).toString(),
  })

interface Stored {
  id: string
  values: Record<string, string>
  estimate?: unknown
}
const submissionsDir = (server: FormServer) => path.join(server.dataDir, "contact", "submissions")
const stored = (server: FormServer): Stored[] =>
  fs.existsSync(submissionsDir(server))
    ? fs
        .readdirSync(submissionsDir(server))
        .filter((name) => name.endsWith(".json"))
        .map((name) => JSON.parse(fs.readFileSync(path.join(submissionsDir(server), name), "utf8")) as Stored)
    : []
const storedBy = (server: FormServer, username: string) => stored(server).find((record) => record.values.username === username)

function parse(reply: Reply) {
  try {
    return JSON.parse(reply.text)
  } catch {
    throw new Error(`not JSON (status ${reply.status}): ${reply.text.slice(0, 300)}`)
  }
}

/** `npm run forms -- <args>` on the server's store, as an operator runs it beside the server */
function formsCli(server: FormServer, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      path.join(ROOT, "node_modules", ".bin", "tsx"),
      ["scripts/ops/forms.ts", ...args],
      { cwd: ROOT, env: { ...process.env, FORMS_DATA_DIR: server.dataDir, SITE_URL }, timeout: 60_000 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stdout}${stderr}`)) : resolve(stdout)),
    )
  })
}

describe("a contact message with an estimate", () => {
  let smtp: SmtpSink
  let server: FormServer

  beforeAll(async () => {
    smtp = await startSmtp()
    server = await startFormServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_TO, SITE_URL, FORMS_RATE_LIMIT: "100000" })
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await smtp?.close()
  }, 30_000)

  const mailFor = (id: string): Promise<ReceivedMail> =>
    waitUntil(() => smtp.messages.find((mail) => mail.parsed.headers.get("x-submission-id") === id), 15_000, `no e-mail for ${id}`)

  it("is stored with the estimate as an object, and the e-mail shows its lines and the absolute link under the message", async () => {
    const values = person("with-estimate")
    const reply = await postJson(server, { ...values, estimate: ESTIMATE_JSON })
    expect(reply.status).toBe(201)
    const { id } = parse(reply)
    const record = storedBy(server, values.username)!
    expect(record.id).toBe(id)
    expect(record.estimate).toEqual(estimate)
    // the visitor's fields as before: the estimate is not one of them
    expect(record.values).toEqual(values)

    const text = (await mailFor(id)).parsed.text!
    const section = [forms.mail.estimateTitle, ...LINES, fill(forms.mail.estimateLink, { link: ABSOLUTE_LINK })].join("\n")
    expect(text).toContain(section)
    // its own section, under the message and before the line on where the lead came from
    expect(text.indexOf(values.message)).toBeLessThan(text.indexOf(forms.mail.estimateTitle))
    expect(text.indexOf(section)).toBeLessThan(text.indexOf(forms.mail.sourceUnknown))
  })

  it("is stored the same from a plain form post (no script), which ends on the thank-you page", async () => {
    const values = person("plain-estimate")
    const reply = await postForm(server, { ...values, website: "", estimate: ESTIMATE_JSON })
    expect(reply.status).toBe(303)
    expect(reply.headers.location).toBe(forms.pages.find((page) => page.id === "contact-sent")!.path)
    expect(storedBy(server, values.username)?.estimate).toEqual(estimate)
  })

  it("without an estimate (absent or empty) is stored and e-mailed exactly as before", async () => {
    for (const [tag, extra] of [
      ["no-estimate", {}],
      ["empty-estimate", { estimate: "" }],
    ] as const) {
      const values = person(tag)
      const reply = await postJson(server, { ...values, ...extra })
      expect(reply.status).toBe(201)
      const { id } = parse(reply)
      const record = storedBy(server, values.username)!
      expect(Object.keys(record).sort()).toEqual(["id", "ip", "kind", "receivedAt", "source", "values"])
      expect(record.values).toEqual(values)
      expect((await mailFor(id)).parsed.text).not.toContain(forms.mail.estimateTitle)
    }
  })

  const unreadable: [string, unknown][] = [
    ["not JSON", "{not json"],
    ["a rule broken (days 0)", JSON.stringify({ ...estimate, days: 0 })],
    ["an unknown key", JSON.stringify({ ...estimate, price: 1 })],
    ["an object instead of its JSON text", estimate],
  ]
  it.each(unreadable)("that cannot be read (%s) is refused with 400 naming the field, nothing stored", async (_, value) => {
    const values = person("bad-estimate")
    const before = stored(server).length
    const reply = await postJson(server, { ...values, estimate: value })
    expect(reply.status).toBe(400)
    const message = fill(forms.errors.invalid_estimate!, { label: words.label })
    expect(parse(reply)).toEqual({ ok: false, message: expect.any(String), errors: [{ field: "estimate", code: "invalid_estimate", message }] })
    expect(stored(server).length).toBe(before)
  })

  // Any visitor could once send sales figures the site never made: 24 rows of 1e308 made a 31 KB e-mail of 309-digit numbers
  const forged: [string, object][] = [
    [
      "24 rows of 1e308",
      { ...estimate, results: Array.from({ length: 24 }, (_, index) => ({ label: `Row ${index}`, low: 1e308, typical: 1e308, high: 1e308, unit: "t" })) },
    ],
    [
      "the site's rows with a figure raised",
      { ...estimate, results: estimate.results.map((row, index) => (index === 0 ? { ...row, high: row.high * 10 } : row)) },
    ],
    ["inputs the figures were not made from", { ...estimate, amount: 2000 }],
    ["the stream's name with a right-to-left override", { ...estimate, stream: `\u202e${estimate.stream}` }],
    ["a line separator in a label", { ...estimate, results: estimate.results.map((row) => ({ ...row, label: `${row.label}\u2028Bcc: x@example.com` })) }],
  ]
  it.each(forged)("whose figures or words are not the site's (%s) is refused with 400 naming the field, nothing stored or mailed", async (_, value) => {
    const values = person("forged-estimate")
    const before = stored(server).length
    const mails = smtp.messages.length
    const reply = await postJson(server, { ...values, estimate: JSON.stringify(value) })
    expect(reply.status).toBe(400)
    expect(parse(reply)).toEqual({
      ok: false,
      message: expect.any(String),
      errors: [{ field: "estimate", code: "invalid_estimate", message: fill(forms.errors.invalid_estimate!, { label: words.label }) }],
    })
    expect(stored(server).length).toBe(before)
    expect(smtp.messages.length).toBe(mails)
  })

  it("that cannot be read, in a plain post, gets the form again with the error and everything else typed, without the estimate", async () => {
    const values = { ...person("bad-plain"), message: `Line one\nWe burn <b>husk</b> & straw` }
    const before = stored(server).length
    const reply = await postForm(server, { ...values, website: "", estimate: '{"v":1,"stream":"Rice husk"}' })
    expect(reply.status).toBe(400)
    expect(reply.headers["content-type"]).toMatch(/^text\/html/)
    expect(reply.text).toContain(escapeHtml(fill(forms.errors.invalid_estimate!, { label: words.label })))
    for (const value of Object.values(values)) expect(reply.text).toContain(escapeHtml(value))
    // sent again, the form goes without it
    expect(reply.text).not.toContain('name="estimate"')
    expect(stored(server).length).toBe(before)
  })

  it("that can be read goes with the form again when another field needs correcting (plain post)", async () => {
    const reply = await postForm(server, { ...person("fix-phone"), phone: "", website: "", estimate: ESTIMATE_JSON })
    expect(reply.status).toBe(422)
    expect(reply.text).toContain(`<input type="hidden" name="estimate" value="${escapeHtml(ESTIMATE_JSON)}"/>`)
    expect(reply.text).toContain(escapeHtml(words.note))
  })

  it("keeps the other protections: the honeypot, the fill time and the idempotency key", async () => {
    const before = stored(server).length
    expect((await postJson(server, { ...person("trap"), website: "http://spam.example", estimate: ESTIMATE_JSON })).status).toBe(422)
    expect((await postJson(server, { ...person("fast"), fillMs: 200, estimate: ESTIMATE_JSON })).status).toBe(422)
    expect(stored(server).length).toBe(before)
    const first = await postJson(server, { ...person("repeat"), estimate: ESTIMATE_JSON }, { "idempotency-key": "estimate-repeat-1" })
    const second = await postJson(server, { ...person("repeat"), estimate: ESTIMATE_JSON }, { "idempotency-key": "estimate-repeat-1" })
    expect([first.status, second.status]).toEqual([201, 200])
    expect(parse(second)).toMatchObject({ id: parse(first).id, duplicate: true })
    expect(stored(server).filter((record) => record.values.username === "Visitor repeat")).toHaveLength(1)
  })

  it("reads whole a body with every field and the estimate at their limits, percent-encoded, every character multi-byte", async () => {
    // 4 bytes a character (12 percent-encoded) in the visitor's fields; in the
    // estimate's text, 3 bytes a UTF-16 unit (€), its worst: 9 a character
    const wide = (count: number) => "𝔴".repeat(count)
    const values = {
      username: wide(120),
      email: `${wide(120)}@${wide(128)}.${wide(4)}`,
      phone: `+${"(".repeat(33)}123456`,
      subject: wide(200),
      message: wide(5000),
    }
    const big = {
      ...estimate,
      stream: "€".repeat(80),
      link: `/estimate?${"€".repeat(290)}`,
      results: Array.from({ length: 24 }, () => ({ label: "€".repeat(80), low: 0, typical: 0, high: 0, unit: "€".repeat(30) })),
    }
    // shortened, row by row, to exactly the longest text accepted
    for (let row = 0; JSON.stringify(big).length > 4000; row = (row + 1) % 24) big.results[row]!.label = big.results[row]!.label.slice(1)
    const json = JSON.stringify(big)
    expect(json.length).toBe(4000)
    const fields = { ...values, website: "", leadPage: "/estimate", estimate: json }
    const body = new URLSearchParams(fields).toString()
    expect(Buffer.byteLength(body)).toBeGreaterThan(90_000)
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(BODY_LIMIT_BYTES)

    // read whole: the estimate's own check answers (its figures are not the site's), not the body limit (413)
    const plain = await postForm(server, fields)
    expect(plain.status).toBe(400)
    expect(plain.text).toContain(escapeHtml(fill(forms.errors.invalid_estimate!, { label: words.label })))
    // and the site's own estimate goes with every field at its limits
    const accepted = await postForm(server, { ...fields, estimate: ESTIMATE_JSON })
    expect(accepted.status).toBe(303)
    const json201 = await postJson(server, { ...values, username: wide(119), estimate: ESTIMATE_JSON })
    expect(json201.status).toBe(201)
    expect(
      stored(server)
        .filter((record) => record.values.message === values.message)
        .map((record) => record.estimate),
    ).toEqual([estimate, estimate])
  })

  it("is listed by npm run forms -- contact with its lines and link, in --json as the object, and exported and forgotten with the lead", async () => {
    const values = person("cli-estimate")
    const { id } = parse(await postJson(server, { ...values, estimate: ESTIMATE_JSON }))
    const plainId = parse(await postJson(server, person("cli-plain"))).id as string

    const listing = await formsCli(server, "contact")
    const block = (of: string) =>
      listing.slice(listing.indexOf(of), listing.indexOf("\n20", listing.indexOf(of)) === -1 ? undefined : listing.indexOf("\n20", listing.indexOf(of)))
    expect(block(id)).toContain(`    estimate:\n${[...LINES, ABSOLUTE_LINK].map((line) => `      ${line}`).join("\n")}`)
    expect(block(plainId)).not.toContain("estimate:")

    const rows = JSON.parse(await formsCli(server, "contact", "--json")) as Stored[]
    expect(rows.find((row) => row.id === id)?.estimate).toEqual(estimate)
    expect(rows.find((row) => row.id === plainId)).not.toHaveProperty("estimate")

    const exported = JSON.parse(await formsCli(server, "export", values.email)) as { contactMessages: { message: Stored }[] }
    expect(exported.contactMessages.map(({ message }) => message.estimate)).toEqual([estimate])

    // once its e-mail is out (an erasure waits for a send in flight), forget takes the estimate with the lead
    await mailFor(id)
    await formsCli(server, "forget", values.email)
    expect(fs.existsSync(path.join(submissionsDir(server), `${id}.json`))).toBe(false)
    expect(storedBy(server, values.username)).toBeUndefined()
  })
})
