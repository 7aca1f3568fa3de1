/**
 * Every endpoint fed malformed and hostile requests (header injection, bad
 * bytes, odd content types, encodings, sizes): 4xx or success, never 5xx,
 * never a crash, never a stray e-mail. Prints one line (FORMS-FUZZ) with its
 * counts.
 *
 * The production server (src/server/main.ts) as its own process, a real SMTP
 * server on loopback, real files in a temporary FORMS_DATA_DIR; nothing is
 * mocked. Shared helpers: __tests__/support/form-requests.ts.
 *
 *   npx jest --selectProjects forms --runInBand
 */
import http from "http"
import { cleanUpAll, startFormServer, startSmtp } from "../support/form-server"
import {
  MAIL_TO,
  MAIL_FROM,
  SITE_URL,
  send,
  postJson,
  person,
  submissions,
  addresses,
  submissionIdOf,
  headerBlock,
  mulberry32,
  pool,
} from "../support/form-requests"
import { bodyFamilies } from "../support/hostile-bodies"
import { framingFamilies } from "../support/hostile-framing"
import { fuzzKit, type Families, type FuzzCase } from "../support/hostile-kit"
import { sleep } from "../support/sleep"

afterAll(async () => {
  await cleanUpAll()
}, 30_000)

// ---------------------------------------------------------------------------
// The fuzz: every case knows whether it is a valid request ("ok": 2xx, or 303 for a plain form post) or not ("4xx");
// its families are in __tests__/support/hostile-bodies.ts and hostile-framing.ts

function fuzzCases(seed: number, count: number): FuzzCase[] {
  const kit = fuzzKit(mulberry32(seed))
  const families: Families = { ...bodyFamilies(kit), ...framingFamilies(kit) }

  const names = Object.keys(families)
  // Every family equally often; the content of each case from the PRNG
  return Array.from({ length: count }, (_, n) => families[names[n % names.length]!]!(n))
}

describe("fuzz: malformed and hostile requests", () => {
  it("answers every one with 4xx (or success when it was actually valid), never 5xx, never crashes, never lets a recipient in", async () => {
    const SEED = 0x5eed_f0f0
    const COUNT = 1_260
    const cases = fuzzCases(SEED, COUNT)
    const smtp = await startSmtp()
    const server = await startFormServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_TO, MAIL_FROM, SITE_URL, FORMS_RATE_LIMIT: "1000000" })
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 })
    try {
      const started = Date.now()
      const outcomes = await pool(cases.length, 16, async (index) => {
        const fuzz = cases[index]!
        try {
          const reply = await send(server.url, {
            method: fuzz.method,
            path: `/api/${fuzz.endpoint}${fuzz.query ?? ""}`,
            headers: fuzz.headers,
            body: fuzz.body,
            chunks: fuzz.chunks,
            agent,
            timeoutMs: 20_000,
          })
          return { fuzz, reply, error: undefined as Error | undefined }
        } catch (error) {
          return { fuzz, reply: undefined, error: error as Error }
        }
      })
      const elapsed = Date.now() - started

      const answered = outcomes.filter((outcome) => outcome.reply)
      const byClass = (klass: number) => answered.filter((outcome) => Math.floor(outcome.reply!.status / 100) === klass).length
      const success = (status: number) => (status >= 200 && status < 300) || status === 303
      const mismatched = answered.filter((outcome) =>
        outcome.fuzz.expect === "ok" ? !success(outcome.reply!.status) : outcome.reply!.status < 400 || outcome.reply!.status >= 500,
      )
      const errors = outcomes.filter((outcome) => outcome.error)
      const families = new Map<string, number>()
      for (const outcome of outcomes) families.set(outcome.fuzz.family, (families.get(outcome.fuzz.family) ?? 0) + 1)

      // The server is still up and answers a valid post
      const after = await postJson(server.url, "contact", person("afterfuzz"))
      expect(after.status).toBe(201)
      expect(server.child.exitCode).toBeNull()

      // Mail: one per valid contact post, one per valid subscribe address, and nothing to anyone else
      const okContacts = cases.filter((fuzz) => fuzz.expect === "ok" && fuzz.endpoint === "contact")
      const okSubscribers = new Set(cases.filter((fuzz) => fuzz.expect === "ok" && fuzz.subscriber).map((fuzz) => fuzz.subscriber!.toLowerCase()))
      const expectedMails = okContacts.length + okSubscribers.size + 1
      await smtp.waitFor(expectedMails, 60_000).catch(() => undefined)
      await sleep(1_000)
      const injected = smtp.messages.filter((mail) => {
        const recipients = [
          ...mail.envelope.to,
          ...addresses(mail.parsed.to).map((address) => address.address ?? ""),
          ...addresses(mail.parsed.cc).map((address) => address.address ?? ""),
          ...addresses(mail.parsed.bcc).map((address) => address.address ?? ""),
        ]
        const isContact = submissionIdOf(mail) !== ""
        const expectedTo = isContact ? [MAIL_TO] : mail.envelope.to.filter((to) => okSubscribers.has(to.toLowerCase()))
        return (
          mail.envelope.to.length !== 1 ||
          JSON.stringify(mail.envelope.to) !== JSON.stringify(expectedTo) ||
          recipients.some((address) => /victim/i.test(address)) ||
          mail.parsed.cc !== undefined ||
          mail.parsed.bcc !== undefined ||
          /^(bcc|cc|x-extra)\s*:/im.test(headerBlock(mail)) ||
          (isContact && addresses(mail.parsed.replyTo).length !== 1) ||
          addresses(mail.parsed.replyTo).some((address) => /victim/i.test(address.address ?? ""))
        )
      })

      // The store holds exactly the valid contact posts, with the values sent
      const stored = submissions(server.dataDir).filter((record) => record.values.username !== person("afterfuzz").username)
      const expectedUsernames = okContacts.map((fuzz) => fuzz.values!.username).sort()
      const storedUsernames = stored.map((record) => record.values.username!).sort()
      const wrongValues = okContacts.filter((fuzz) => {
        const record = stored.find((candidate) => candidate.values.username === fuzz.values!.username)
        return !record || JSON.stringify(record.values) !== JSON.stringify(fuzz.values)
      })

      console.log(
        `FORMS-FUZZ seed=0x${SEED.toString(16)} total=${outcomes.length} families=${families.size} expectedValid=${cases.filter((fuzz) => fuzz.expect === "ok").length} ` +
          `2xx=${byClass(2)} 3xx=${byClass(3)} 4xx=${byClass(4)} 5xx=${byClass(5)} connectionErrors=${errors.length} mismatched=${mismatched.length} ` +
          `mails=${smtp.messages.length}/${expectedMails} injectedRecipients=${injected.length} storedContacts=${stored.length}/${okContacts.length} elapsedMs=${elapsed}`,
      )

      const explain = (outcome: (typeof outcomes)[number]) =>
        `${outcome.fuzz.family} ${outcome.fuzz.method} /api/${outcome.fuzz.endpoint} ${JSON.stringify(outcome.fuzz.headers)} ${String(outcome.fuzz.body ?? "").slice(0, 120)} -> ${outcome.reply?.status ?? outcome.error?.message} ${outcome.reply?.text.slice(0, 160) ?? ""}`
      expect(outcomes.length).toBeGreaterThanOrEqual(1_000)
      expect(families.size).toBeGreaterThanOrEqual(20)
      expect(byClass(5)).toBe(0)
      expect(errors.map(explain)).toEqual([])
      expect(mismatched.map(explain)).toEqual([])
      expect(byClass(4)).toBeGreaterThan(800)
      expect(okContacts.length).toBeGreaterThan(50)
      expect(injected.map((mail) => headerBlock(mail))).toEqual([])
      expect(smtp.messages).toHaveLength(expectedMails)
      expect(storedUsernames).toEqual(expectedUsernames)
      expect(wrongValues.map((fuzz) => fuzz.values)).toEqual([])
      expect(submissions(server.dataDir, "subscribe")).toHaveLength(cases.filter((fuzz) => fuzz.expect === "ok" && fuzz.endpoint === "subscribe").length)
    } finally {
      agent.destroy()
      await server.stop()
      await smtp.close()
    }
  }, 120_000)
})
