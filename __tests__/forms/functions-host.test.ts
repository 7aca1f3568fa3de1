/**
 * The forms where the process is frozen once it has answered (a functions
 * host): a contact message's e-mail goes out before the answer, within a
 * bounded wait, and what is still owed goes out when a scheduled run drains
 * the outbox, with no further request and never twice. The service runs in
 * this process, as a function would run it; the SMTP server is real.
 */
import { readConfig } from "../../src/forms/environment"
import { createFormService } from "../../src/forms-hosts/open-service"
import type { FormRequest, FormService } from "../../src/forms/service"
import { cleanUpAll, freePort, startSmtp, tempDir } from "../support/form-server"
import { person } from "../support/http"

jest.setTimeout(60_000)
afterAll(() => cleanUpAll())

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }
const post = (tag: string): FormRequest => ({
  method: "POST",
  headers: { "content-type": "application/json", accept: "application/json" },
  body: person(tag),
  ip: "127.0.0.1",
})
const mailIds = (messages: { parsed: { headers: Map<string, unknown> } }[]) => messages.map((mail) => String(mail.parsed.headers.get("x-submission-id")))

/** A service as a function host runs it: FORMS_SEND_WITHIN_MS on, a quick give-up when SMTP is down */
function functionService(smtpPort: number, dataDir = tempDir()): FormService {
  return createFormService(
    readConfig({
      FORMS_DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_TO: "sales@example.com",
      FORMS_RATE_LIMIT: "100000",
      FORMS_SEND_WITHIN_MS: "5000",
    }),
    quiet,
  )
}

describe("on a functions host (FORMS_SEND_WITHIN_MS)", () => {
  it("has the e-mail at the SMTP server before the post is answered", async () => {
    const smtp = await startSmtp()
    const service = functionService(smtp.port)
    try {
      await service.started
      const answer = await service.handle("contact", post("before-answer"))
      expect(answer.status).toBe(201)
      // no wait here: it arrived while the post was being answered
      expect(mailIds(smtp.messages)).toEqual([JSON.parse(answer.body).id])
    } finally {
      await service.close()
      await smtp.close()
    }
  })

  it("delivers a post made while SMTP was down once, by a drain after it returns; a burst of 50 gives 50 mails, none twice", async () => {
    const port = await freePort()
    const dataDir = tempDir()
    // SMTP down: the post is stored and answered 201 all the same
    const frozen = functionService(port, dataDir)
    await frozen.started
    const down = await frozen.handle("contact", post("while-down"))
    expect(down.status).toBe(201)
    const downId = JSON.parse(down.body).id as string
    // the instance that answered is frozen: it does nothing more
    await frozen.close()

    const smtp = await startSmtp(port)
    try {
      // the scheduled run: a new instance that drains and ends
      const scheduled = functionService(port, dataDir)
      const first = await scheduled.drain()
      expect(first).toEqual({ sent: 1, failed: 0, interrupted: 0 })
      expect(mailIds(smtp.messages)).toEqual([downId])
      // a second run finds nothing owed
      expect(await scheduled.drain()).toEqual({ sent: 0, failed: 0, interrupted: 0 })
      await scheduled.close()

      // a burst: 50 concurrent posts to one instance, then a drain by another, as the schedule would
      const busy = functionService(port, dataDir)
      await busy.started
      const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => busy.handle("contact", post(`burst${index}`))))
      expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(201))
      const drainer = functionService(port, dataDir)
      const report = await drainer.drain()
      await Promise.all([busy.close(), drainer.close()])
      const counts = mailIds(smtp.messages).reduce<Record<string, number>>((all, id) => ({ ...all, [id]: (all[id] ?? 0) + 1 }), {})
      const burstIds = answers.map((answer) => JSON.parse(answer.body).id as string)
      console.log(
        `FORMS-FUNCTIONS while down: 1 post, delivered by the drain once; burst: ${burstIds.filter((id) => counts[id] === 1).length} of 50 mailed once, ${Object.values(counts).filter((count) => count > 1).length} twice or more; the drain after the burst sent ${report.sent}`,
      )
      expect(burstIds.every((id) => counts[id] === 1)).toBe(true)
      expect(Object.keys(counts).length).toBe(51)
      expect(Math.max(...Object.values(counts))).toBe(1)
    } finally {
      await smtp.close()
    }
  })
})
