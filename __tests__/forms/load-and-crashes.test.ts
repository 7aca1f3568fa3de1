/**
 * The contact endpoint under pressure: 200 concurrent posts with repeats of
 * their idempotency keys, SIGKILL in the middle of a stream of posts, and the
 * rate limit. The load and kill tests print one line each (FORMS-LOAD,
 * FORMS-KILL) with their counts.
 *
 * The production server (src/server/main.ts) as its own process, a real SMTP
 * server on loopback, real files in a temporary FORMS_DATA_DIR; nothing is
 * mocked. Shared helpers: __tests__/support/form-requests.ts.
 *
 *   npx jest --selectProjects forms --runInBand
 */
import http from "http"
import { createStore } from "../../src/forms/store"
import { cleanUpAll, startFormServer, waitUntil, type FormServer } from "../support/form-server"
import { copy, fill, escapeHtml, postJson, postForm, parse, person, type Stored, storeFiles, submissions, readSubmission, pool } from "../support/form-requests"

afterAll(async () => {
  await cleanUpAll()
}, 30_000)

describe("load: 200 concurrent posts and 50 repeats of their idempotency keys", () => {
  it("stores 200, loses none, duplicates none", async () => {
    const server = await startFormServer({ FORMS_RATE_LIMIT: "100000" })
    const agent = new http.Agent({ keepAlive: true, maxSockets: 300 })
    try {
      const distinct = Array.from({ length: 200 }, (_, index) => ({ values: person(`load${index}`), key: `load-key-${index}-7f3a9c` }))
      const repeats = Array.from({ length: 50 }, (_, index) => distinct[index * 4]!)
      const jobs = [...distinct, ...repeats]
      const started = Date.now()
      const outcomes = await Promise.all(
        jobs.map((job) =>
          postJson(server.url, "contact", { ...job.values, idempotencyKey: job.key }, {}, agent).then(
            (reply) => ({ job, reply, error: undefined as Error | undefined }),
            (error: Error) => ({ job, reply: undefined, error }),
          ),
        ),
      )
      const elapsed = Date.now() - started

      const errors = outcomes.filter((outcome) => outcome.error)
      const fiveHundreds = outcomes.filter((outcome) => outcome.reply && outcome.reply.status >= 500)
      const ok = outcomes.filter((outcome) => outcome.reply && outcome.reply.status >= 200 && outcome.reply.status < 300)
      const files = submissions(server.dataDir)
      const byUsername = new Map<string, Stored[]>()
      for (const file of files) byUsername.set(file.values.username!, [...(byUsername.get(file.values.username!) ?? []), file])
      const duplicates = [...byUsername.values()].reduce((sum, group) => sum + group.length - 1, 0)
      // Lost: a 2xx answer whose id has no file with the values that were sent
      const lost = ok.filter((outcome) => {
        const stored = readSubmission(server.dataDir, parse(outcome.reply!).id)
        return !stored || JSON.stringify(stored.values) !== JSON.stringify(outcome.job.values)
      })
      const duplicateAnswers = ok.filter((outcome) => parse(outcome.reply!).duplicate === true).length
      console.log(
        `FORMS-LOAD posts=${jobs.length} (200 distinct keys + 50 repeats, all concurrent) 2xx=${ok.length} duplicateAnswers=${duplicateAnswers} 5xx=${fiveHundreds.length} connectionErrors=${errors.length} stored=${files.length} lost=${lost.length} duplicates=${duplicates} elapsedMs=${elapsed}`,
      )

      expect(errors.map((outcome) => outcome.error!.message)).toEqual([])
      expect(fiveHundreds.map((outcome) => outcome.reply!.text)).toEqual([])
      expect(ok).toHaveLength(250)
      expect(files).toHaveLength(200)
      expect(lost).toHaveLength(0)
      expect(duplicates).toBe(0)
      // Per key: one id for every answer, exactly one "created", the rest "duplicate"
      for (const job of distinct) {
        const answers = ok.filter((outcome) => outcome.job === job).map((outcome) => ({ status: outcome.reply!.status, ...parse(outcome.reply!) }))
        expect(new Set(answers.map((answer) => answer.id)).size).toBe(1)
        expect(answers.filter((answer) => answer.duplicate === false && answer.status === 201)).toHaveLength(1)
        expect(answers.filter((answer) => answer.duplicate === true && answer.status === 200)).toHaveLength(answers.length - 1)
      }
      expect(duplicateAnswers).toBe(50)
    } finally {
      agent.destroy()
      await server.stop()
    }
  }, 60_000)
})

describe("SIGKILL in the middle of a stream of posts", () => {
  it("keeps every post it answered with 2xx, complete on disk; retried after a restart, each is stored once", async () => {
    const TOTAL = 400
    const CONCURRENCY = 20
    const KILL_AFTER = 150
    const server = await startFormServer({ FORMS_RATE_LIMIT: "100000" })
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
    const posts = Array.from({ length: TOTAL }, (_, index) => ({ values: person(`kill${index}`), key: `kill-key-${index}-c0ffee` }))
    const answers = new Map<number, { status: number; id?: string }>()
    const failures = new Map<number, string>()
    let killing: Promise<void> | undefined
    let restarted: FormServer | undefined
    try {
      // The stream goes on after the kill, as visitors would: what was in flight and what comes after gets no answer
      await pool(TOTAL, CONCURRENCY, async (index) => {
        try {
          const reply = await postJson(server.url, "contact", { ...posts[index]!.values, idempotencyKey: posts[index]!.key }, {}, agent)
          answers.set(index, { status: reply.status, id: reply.status < 300 ? parse(reply).id : undefined })
          if (answers.size >= KILL_AFTER && !killing) killing = server.kill()
        } catch (error) {
          failures.set(index, (error as NodeJS.ErrnoException).code ?? (error as Error).message)
        }
      })
      await killing
      agent.destroy()
      const failureKinds = [...failures.values()].reduce<Record<string, number>>((counts, kind) => ({ ...counts, [kind]: (counts[kind] ?? 0) + 1 }), {})

      const answered2xx = [...answers].filter(([, answer]) => answer.status >= 200 && answer.status < 300)
      const names = storeFiles(server.dataDir, "contact", "submissions")
      const tmpLeft = names.filter((name) => name.endsWith(".tmp")).length
      const onDisk = submissions(server.dataDir) // throws if any *.json is incomplete
      const missing = answered2xx.filter(([index, answer]) => {
        const record = readSubmission(server.dataDir, answer.id!)
        return !record || JSON.stringify(record.values) !== JSON.stringify(posts[index]!.values)
      })
      console.log(
        `FORMS-KILL posts=${TOTAL} concurrency=${CONCURRENCY} killAfter=${KILL_AFTER} answers answered2xx=${answered2xx.length} unanswered=${failures.size} ${JSON.stringify(failureKinds)} onDisk=${onDisk.length} missing=${missing.length} tmpLeft=${tmpLeft}`,
      )

      // The kill really happened mid-load
      expect(server.child.signalCode === "SIGKILL" || server.child.exitCode !== null).toBe(true)
      expect(answers.size).toBeGreaterThanOrEqual(KILL_AFTER)
      expect(answers.size).toBeLessThan(TOTAL)
      expect(failures.size).toBeGreaterThan(0)
      expect(answered2xx).toHaveLength(answers.size)
      // Every 2xx answer: a complete file with the values sent
      expect(missing.map(([index]) => index)).toEqual([])
      // Only *.json counts; the store's own listing agrees and skips any leftover *.tmp
      expect(onDisk.length).toBe(names.filter((name) => name.endsWith(".json")).length)
      expect(onDisk.length).toBeGreaterThanOrEqual(answered2xx.length)
      expect(await createStore(server.dataDir).list("contact")).toHaveLength(onDisk.length)
      expect(new Set(onDisk.map((record) => record.values.username)).size).toBe(onDisk.length)

      // A client retries what got no answer, with the same keys, once the server is back
      restarted = await startFormServer({ FORMS_DATA_DIR: server.dataDir, FORMS_RATE_LIMIT: "100000" })
      // the temporary files the kill left behind go when the server starts
      await waitUntil(
        () => storeFiles(server.dataDir, "contact", "submissions").every((name) => !name.endsWith(".tmp")),
        5_000,
        `${tmpLeft} temporary files stayed after the restart`,
      )
      const retry = posts.map((_, index) => index).filter((index) => !answers.has(index))
      const retried = await pool(retry.length, CONCURRENCY, async (slot) => {
        const index = retry[slot]!
        const reply = await postJson(restarted!.url, "contact", { ...posts[index]!.values, idempotencyKey: posts[index]!.key })
        return { index, status: reply.status, id: reply.status < 300 ? (parse(reply).id as string) : reply.text }
      })
      expect(retried.filter((result) => result.status !== 201 && result.status !== 200)).toEqual([])
      const final = submissions(restarted.dataDir)
      expect(final).toHaveLength(TOTAL)
      expect(new Set(final.map((record) => record.values.username)).size).toBe(TOTAL)
      for (const result of retried) expect(readSubmission(restarted.dataDir, result.id)?.values).toEqual(posts[result.index]!.values)
    } finally {
      agent.destroy()
      await server.kill().catch(() => undefined)
      await restarted?.stop()
    }
  }, 90_000)
})

describe("rate limit", () => {
  it("refuses the 4th post from one address with 429, a numeric Retry-After and the content's message", async () => {
    const server = await startFormServer({ FORMS_RATE_LIMIT: "3", FORMS_RATE_WINDOW_S: "600" })
    try {
      for (let index = 0; index < 3; index += 1) expect((await postJson(server.url, "contact", person(`rate${index}`))).status).toBe(201)
      const fourth = await postJson(server.url, "contact", person("rate3"))
      expect(fourth.status).toBe(429)
      const retryAfter = String(fourth.headers["retry-after"])
      expect(retryAfter).toMatch(/^\d+$/)
      expect(Number(retryAfter)).toBeGreaterThan(0)
      expect(Number(retryAfter)).toBeLessThanOrEqual(600)
      expect(parse(fourth)).toEqual({ ok: false, message: fill(copy.errors.rate_limited!, { minutes: Math.ceil(Number(retryAfter) / 60) }) })

      // A plain form post from the same address gets the same refusal as a page
      const plain = await postForm(server.url, "contact", person("rate4"))
      expect(plain.status).toBe(429)
      expect(String(plain.headers["retry-after"])).toMatch(/^\d+$/)
      expect(plain.text).toContain(escapeHtml(fill(copy.errors.rate_limited!, { minutes: Math.ceil(Number(plain.headers["retry-after"]) / 60) })))

      expect(submissions(server.dataDir)).toHaveLength(3)
    } finally {
      await server.stop()
    }
  }, 45_000)
})
