/**
 * What the form endpoints' tests (__tests__/forms/) share: the words the
 * server must use, read from content/; HTTP with full control over method,
 * headers and body bytes; readers of the store's files; the checks of a
 * contact message's e-mail; a seeded random generator and a bounded pool.
 */
import { createHash } from "crypto"
import fs from "fs"
import http from "http"
import path from "path"
import type { AddressObject, ParsedMail } from "mailparser"
import { ROOT, startFormServer, startSmtp, type FormServer, type ReceivedMail, type SmtpSink } from "./form-server"

// ---------------------------------------------------------------------------
// The words the server must use: read from content/, never copied here

export const readJson = <T>(relative: string): T => JSON.parse(fs.readFileSync(path.join(ROOT, relative), "utf8")) as T
export const copy = readJson<{
  status: Record<string, string>
  errors: Record<string, string>
  errorPage: { title: string }
  confirmPage: { title: string; button: string; invalidText: string }
  unsubscribePage: { title: string; button: string; invalidText: string }
  mail: { contactSubject: string; confirmSubject: string }
  pages: { id: string; path: string }[]
}>("content/forms/forms.en.json")
export const contactContent = readJson<{ form: { fields: Record<string, { label: string }> } }>("content/contact/contact.en.json")
export const label = (field: string) => contactContent.form.fields[field]!.label
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
export const noticePath = (id: string) => copy.pages.find((page) => page.id === id)!.path
/** How React escapes text and attribute values in the server's pages */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;")

export const MAIL_TO = "enquiries@example.com"
export const MAIL_FROM_ADDRESS = "forms-test@example.com"
export const MAIL_FROM = `Forms Test <${MAIL_FROM_ADDRESS}>`
export const SITE_URL = "https://forms.example.com"
export const FIELDS = ["username", "email", "phone", "subject", "message"] as const
export type Values = Record<(typeof FIELDS)[number], string>

// ---------------------------------------------------------------------------
// HTTP with full control over method, headers and body bytes (node:http, no retries)

export interface Reply {
  status: number
  headers: http.IncomingHttpHeaders
  text: string
}

export interface Outgoing {
  method?: string
  path: string
  headers?: Record<string, string>
  body?: string | Buffer
  /** Sent one by one (chunked transfer encoding) instead of body */
  chunks?: Buffer[]
  agent?: http.Agent
  timeoutMs?: number
}

export function send(base: string, outgoing: Outgoing): Promise<Reply> {
  const url = new URL(outgoing.path, base)
  // Frame every body explicitly: node:http sends a DELETE, OPTIONS or TRACE body with neither
  // Content-Length nor chunked encoding, which the server can only read as a second, broken request
  const headers: Record<string, string | number> = { ...outgoing.headers }
  if (outgoing.chunks) headers["transfer-encoding"] = "chunked"
  else if (outgoing.body !== undefined) headers["content-length"] = Buffer.byteLength(outgoing.body)
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: outgoing.method ?? "POST", headers, agent: outgoing.agent ?? false },
      (response) => {
        const chunks: Buffer[] = []
        response.on("data", (chunk: Buffer) => chunks.push(chunk))
        response.on("error", reject)
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") }))
      },
    )
    request.setTimeout(outgoing.timeoutMs ?? 20_000, () => request.destroy(new Error(`no answer within ${outgoing.timeoutMs ?? 20_000} ms`)))
    request.on("error", reject)
    if (outgoing.chunks) {
      for (const chunk of outgoing.chunks) request.write(chunk)
      request.end()
    } else request.end(outgoing.body)
  })
}

export const JSON_HEADERS = { "content-type": "application/json", accept: "application/json" }
export const FORM_TYPE = "application/x-www-form-urlencoded"

/** A post as the page's script sends it: JSON, with how long the form was on screen (fillMs) unless the body says otherwise */
export const postJson = (base: string, endpoint: string, body: unknown, headers: Record<string, string> = {}, agent?: http.Agent) =>
  send(base, { path: `/api/${endpoint}`, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(withFillTime(body)), agent })
export const withFillTime = (body: unknown) =>
  typeof body === "object" && body !== null && !Array.isArray(body) && !("fillMs" in body) ? { fillMs: 6000, ...body } : body

/** A plain HTML form post, the way a browser without JavaScript sends it */
export const postForm = (base: string, endpoint: string, fields: Record<string, string>, accept = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8") =>
  send(base, { path: `/api/${endpoint}`, headers: { "content-type": FORM_TYPE, accept }, body: new URLSearchParams(fields).toString() })

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields its endpoint answers with
export function parse(reply: Reply): any {
  try {
    return JSON.parse(reply.text)
  } catch {
    throw new Error(`not JSON (status ${reply.status}): ${reply.text.slice(0, 300)}`)
  }
}

/** Valid contact values, unique per tag, with text that must survive every hop unchanged */
export function person(tag: string): Values {
  return {
    username: `Zoë Ångström-${tag}`,
    email: `zoe.${tag}@example.com`,
    phone: "+44 (0)20 7946-0958",
    subject: `Biochar for ${tag} – 3 t/day “quoted”`,
    message: `First line for ${tag}\nSecond line: « guillemets » & <b>tags</b> 🌿 中文`,
  }
}

// ---------------------------------------------------------------------------
// The store, read straight from disk

export interface Stored {
  id: string
  kind: string
  receivedAt: string
  values: Record<string, string>
  ip?: string
  source?: { cta: string; page?: string }
}

export function storeFiles(dataDir: string, kind: string, part: string): string[] {
  const dir = path.join(dataDir, kind, part)
  return fs.existsSync(dir) ? fs.readdirSync(dir) : []
}

/** Every submission file (*.json only: a leftover *.tmp is not a submission), parsed; throws on a damaged one */
export function submissions(dataDir: string, kind = "contact"): Stored[] {
  return storeFiles(dataDir, kind, "submissions")
    .filter((name) => name.endsWith(".json"))
    .map((name) => {
      const text = fs.readFileSync(path.join(dataDir, kind, "submissions", name), "utf8")
      try {
        return JSON.parse(text) as Stored
      } catch {
        throw new Error(`${kind}/submissions/${name} is not complete JSON: ${JSON.stringify(text.slice(0, 200))}`)
      }
    })
}

export const submissionFile = (dataDir: string, id: string, kind = "contact") => path.join(dataDir, kind, "submissions", `${id}.json`)
export const readSubmission = (dataDir: string, id: string, kind = "contact"): Stored | undefined =>
  fs.existsSync(submissionFile(dataDir, id, kind)) ? (JSON.parse(fs.readFileSync(submissionFile(dataDir, id, kind), "utf8")) as Stored) : undefined

export interface DeliveryRecord {
  attempts: number
  deliveredAt?: string
  lastError?: string
  sendingSince?: string
}
export const readDelivery = (dataDir: string, id: string): DeliveryRecord | undefined => {
  const file = path.join(dataDir, "contact", "delivery", `${id}.json`)
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as DeliveryRecord) : undefined
}

export interface SubscriberRecord {
  email: string
  status: "pending" | "confirmed" | "unsubscribed"
  unsubscribedAt?: string
  mailDue: boolean
  mailAttempts: number
  confirmationsRequested: number
  confirmedAt?: string
  lastMailError?: string
}
export const subscriberKey = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("hex")
export const readSubscriber = (dataDir: string, email: string): SubscriberRecord | undefined => {
  const file = path.join(dataDir, "subscribe", "addresses", `${subscriberKey(email)}.json`)
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as SubscriberRecord) : undefined
}

// ---------------------------------------------------------------------------
// Mail

export const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  field ? (Array.isArray(field) ? field : [field]).flatMap((group) => group.value) : []
export const submissionIdOf = (mail: ReceivedMail) => String(mail.parsed.headers.get("x-submission-id") ?? "")
export const headerBlock = (mail: ReceivedMail) => mail.raw.split(/\r?\n\r?\n/)[0]!

/** One contact e-mail: to MAIL_TO only, reply-to the visitor, the content's subject, the id header, every field in the text */
export function expectContactMail(mail: ReceivedMail, values: Values, id: string): void {
  const parsed: ParsedMail = mail.parsed
  expect(mail.envelope.to).toEqual([MAIL_TO])
  expect(addresses(parsed.to).map((address) => address.address)).toEqual([MAIL_TO])
  expect(parsed.cc).toBeUndefined()
  expect(parsed.bcc).toBeUndefined()
  expect(addresses(parsed.from).map((address) => address.address)).toEqual([MAIL_FROM_ADDRESS])
  expect(addresses(parsed.replyTo)).toEqual([{ address: values.email, name: values.username }])
  expect(parsed.subject).toBe(fill(copy.mail.contactSubject, { subject: values.subject }))
  expect(submissionIdOf(mail)).toBe(id)
  for (const field of FIELDS) if (values[field]) expect(parsed.text).toContain(values[field])
}

// A seeded PRNG, so the fuzz is the same on every run
export { mulberry32 } from "./random"

/** Runs tasks with at most `limit` at a time */
export async function pool<T>(count: number, limit: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const index = next++
        results[index] = await task(index)
      }
    }),
  )
  return results
}

// ===========================================================================

/**
 * What a "with a working SMTP server" describe runs against: the production
 * server with a working SMTP server on loopback behind it, and no rate limit
 * in the way. Started before the describe's tests (handed to `use` then) and
 * stopped after them.
 */
export function withWorkingSmtp(use: (started: { smtp: SmtpSink; server: FormServer }) => void): void {
  let smtp: SmtpSink | undefined
  let server: FormServer | undefined
  beforeAll(async () => {
    smtp = await startSmtp()
    server = await startFormServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_TO, MAIL_FROM, SITE_URL, FORMS_RATE_LIMIT: "100000" })
    use({ smtp, server })
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
    await smtp?.close()
  }, 30_000)
}
