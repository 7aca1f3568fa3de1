/**
 * The subscription endpoints end to end: double opt-in, the confirmation and
 * unsubscribe links and their pages, no SMTP configured, an address the mail
 * server refuses for good.
 *
 * The production server (src/server/main.ts) as its own process, a real SMTP
 * server on loopback, real files in a temporary FORMS_DATA_DIR; nothing is
 * mocked. Shared helpers: __tests__/support/form-requests.ts.
 *
 *   npx jest --selectProjects forms --runInBand
 */
import { cleanUpAll, startFormServer, startSmtp, waitUntil, type FormServer, type SmtpSink } from "../support/form-server"
import {
  copy,
  fill,
  noticePath,
  escapeHtml,
  SITE_URL,
  send,
  FORM_TYPE,
  postJson,
  postForm,
  parse,
  subscriberKey,
  readSubscriber,
  addresses,
  headerBlock,
  withWorkingSmtp,
} from "../support/form-requests"
import { sleep } from "../support/sleep"

afterAll(async () => {
  await cleanUpAll()
}, 30_000)

describe("with a working SMTP server", () => {
  let smtp: SmtpSink
  let server: FormServer

  withWorkingSmtp((started) => ({ smtp, server } = started))

  it("subscribe: double opt-in with one e-mail, repeats send nothing, GET shows a button, POST of the token confirms", async () => {
    const email = "grace.hopper@example.com"
    const mailsTo = () => smtp.messages.filter((mail) => mail.envelope.to.some((to) => to.toLowerCase() === email))

    const first = await postJson(server.url, "subscribe", { email })
    expect(first.status).toBe(202)
    expect(parse(first)).toMatchObject({ ok: true, duplicate: false, message: fill(copy.status.subscribeSent!, { email }) })
    const [mail] = await waitUntil(() => (mailsTo().length > 0 ? mailsTo() : undefined), 15_000, "no confirmation e-mail")
    expect(mail!.envelope.to).toEqual([email])
    expect(addresses(mail!.parsed.to).map((address) => address.address)).toEqual([email])
    const link = /(\S+\/api\/subscribe-confirm\?token=([0-9a-f]{64}\.[A-Za-z0-9_-]{43}))(?=\s|$)/.exec(mail!.parsed.text ?? "")
    expect(link).not.toBeNull()
    const [, href, token] = link as unknown as [string, string, string]
    expect(href.startsWith(`${SITE_URL}/api/subscribe-confirm?token=`)).toBe(true)
    expect(token.split(".")[0]).toBe(subscriberKey(email))

    // Again, and in other letter case, within the cooldown: accepted, but no new e-mail
    const second = await postJson(server.url, "subscribe", { email })
    const third = await postJson(server.url, "subscribe", { email: "Grace.Hopper@EXAMPLE.com" })
    const plain = await postForm(server.url, "subscribe", { email: "GRACE.HOPPER@example.com" })
    expect(second.status).toBe(202)
    expect(third.status).toBe(202)
    expect(plain.status).toBe(303)
    expect(plain.headers.location).toBe(noticePath("subscribe-pending"))
    await sleep(1_500)
    expect(mailsTo()).toHaveLength(1)
    expect(readSubscriber(server.dataDir, email)).toMatchObject({ status: "pending", mailDue: false, confirmationsRequested: 1 })

    // Opening the link shows a page with a button; it confirms nothing by itself
    const { pathname, search } = new URL(href)
    const page = await send(server.url, { method: "GET", path: `${pathname}${search}`, headers: { accept: "text/html" } })
    expect(page.status).toBe(200)
    expect(page.text).toContain(escapeHtml(copy.confirmPage.button))
    expect(page.text).toContain('action="/api/subscribe-confirm"')
    const hidden = /<input[^>]*name="token"[^>]*>/.exec(page.text)?.[0] ?? ""
    expect(hidden).toContain('type="hidden"')
    expect(hidden).toContain(`value="${token}"`)
    expect(readSubscriber(server.dataDir, email)?.status).toBe("pending")

    // A wrong token: right shape, wrong secret; and a malformed one
    const wrong = `${token.split(".")[0]}.${"A".repeat(43)}`
    for (const bad of [wrong, "nonsense", `${"0".repeat(64)}.${"B".repeat(43)}`]) {
      const viaGet = await send(server.url, {
        method: "GET",
        path: `/api/subscribe-confirm?token=${encodeURIComponent(bad)}`,
        headers: { accept: "text/html" },
      })
      expect(viaGet.status).toBe(404)
      const viaPost = await postForm(server.url, "subscribe-confirm", { token: bad })
      expect(viaPost.status).toBe(404)
      expect(viaPost.text).toContain(escapeHtml(copy.confirmPage.invalidText))
    }
    expect(readSubscriber(server.dataDir, email)?.status).toBe("pending")

    // Pressing the button: the form's POST of the token
    const confirmed = await postForm(server.url, "subscribe-confirm", { token })
    expect(confirmed.status).toBe(303)
    expect(confirmed.headers.location).toBe(noticePath("subscribe-confirmed"))
    expect(confirmed.headers.location).toBe("/subscribe/confirmed")
    expect(readSubscriber(server.dataDir, email)).toMatchObject({ email, status: "confirmed", mailDue: false, confirmedAt: expect.any(String) })

    // Subscribing again once confirmed sends nothing either
    expect((await postJson(server.url, "subscribe", { email })).status).toBe(202)
    await sleep(1_000)
    expect(mailsTo()).toHaveLength(1)
  }, 45_000)

  it("unsubscribe: every confirmation carries a signed link and RFC 8058 headers; GET changes nothing, POST unsubscribes, for good", async () => {
    const email = "ada.lovelace@example.com"
    const mailsTo = () => smtp.messages.filter((mail) => mail.envelope.to.some((to) => to.toLowerCase() === email))
    expect((await postJson(server.url, "subscribe", { email })).status).toBe(202)
    const [mail] = await waitUntil(() => (mailsTo().length > 0 ? mailsTo() : undefined), 15_000, "no confirmation e-mail")
    const confirmToken = /\/api\/subscribe-confirm\?token=([0-9a-f]{64}\.[A-Za-z0-9_-]{43})/.exec(mail!.parsed.text ?? "")![1]!
    expect((await postForm(server.url, "subscribe-confirm", { token: confirmToken })).status).toBe(303)

    // the link in the text and the List-Unsubscribe header name the same URL; one-click POST is announced
    const link = /(\S+\/api\/unsubscribe\?token=([0-9a-f]{64}\.[A-Za-z0-9_-]{43}))(?=\s|$)/.exec(mail!.parsed.text ?? "")
    expect(link).not.toBeNull()
    const [, href, token] = link as unknown as [string, string, string]
    expect(href.startsWith(`${SITE_URL}/api/unsubscribe?token=`)).toBe(true)
    expect(token).not.toBe(confirmToken)
    // header lines as a reader unfolds them (a long one may be folded onto the next line)
    const unfolded = headerBlock(mail!)
      .replace(/\r?\n[ \t]+/g, " ")
      .split(/\r?\n/)
    expect(unfolded).toContain(`List-Unsubscribe: <${href}>`)
    expect(unfolded).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click")

    // GET (a mail scanner, a person opening the link): a page with a button, nothing changes
    const { pathname, search } = new URL(href)
    const page = await send(server.url, { method: "GET", path: `${pathname}${search}`, headers: { accept: "text/html" } })
    expect(page.status).toBe(200)
    expect(page.text).toContain(escapeHtml(copy.unsubscribePage.button))
    expect(page.text).toContain('action="/api/unsubscribe"')
    expect(readSubscriber(server.dataDir, email)?.status).toBe("confirmed")

    // a wrong or malformed token: a clear 4xx page, nothing changes
    for (const bad of [`${token.split(".")[0]}.${"A".repeat(43)}`, confirmToken, "nonsense"]) {
      const viaGet = await send(server.url, { method: "GET", path: `/api/unsubscribe?token=${encodeURIComponent(bad)}`, headers: { accept: "text/html" } })
      expect([bad, viaGet.status]).toEqual([bad, 404])
      expect(viaGet.text).toContain(escapeHtml(copy.unsubscribePage.invalidText))
      expect((await postForm(server.url, "unsubscribe", { token: bad })).status).toBe(404)
    }
    expect(readSubscriber(server.dataDir, email)?.status).toBe("confirmed")

    // a mail client's one-click POST (RFC 8058): body List-Unsubscribe=One-Click, the token in the URL;
    // the RFC's own example sends it as multipart/form-data
    const boundary = "----OneClickBoundary7MA4YWxk"
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`
    const oneClick = await send(server.url, {
      method: "POST",
      path: `${pathname}${search}`,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body: multipart,
    })
    expect(oneClick.status).toBe(200)
    expect(
      (await send(server.url, { method: "POST", path: `${pathname}${search}`, headers: { "content-type": FORM_TYPE }, body: "List-Unsubscribe=One-Click" }))
        .status,
    ).toBe(200)
    // the forms themselves still take no multipart body
    expect(
      (
        await send(server.url, {
          method: "POST",
          path: "/api/contact",
          headers: { "content-type": `multipart/form-data; boundary=${boundary}`, accept: "application/json" },
          body: multipart,
        })
      ).status,
    ).toBe(415)
    expect(readSubscriber(server.dataDir, email)).toMatchObject({ status: "unsubscribed", unsubscribedAt: expect.any(String), mailDue: false })
    // again, and through the page's button: harmless, the same state, the notice page
    const button = await postForm(server.url, "unsubscribe", { token })
    expect([button.status, button.headers.location]).toEqual([303, noticePath("unsubscribed")])
    expect(readSubscriber(server.dataDir, email)?.status).toBe("unsubscribed")

    // the old confirmation link confirms nothing any more
    expect((await postForm(server.url, "subscribe-confirm", { token: confirmToken })).status).toBe(404)
    expect(readSubscriber(server.dataDir, email)?.status).toBe("unsubscribed")

    // subscribing again is a new opt-in: a new confirmation with new links; until it is confirmed, not subscribed
    const before = mailsTo().length
    expect((await postJson(server.url, "subscribe", { email }, { "x-forwarded-for": "1.2.3.4" })).status).toBe(202)
    await waitUntil(() => mailsTo().length > before, 15_000, "no new confirmation after subscribing again")
    const renewed = readSubscriber(server.dataDir, email)!
    expect(renewed.status).toBe("pending")
    const newToken = /\/api\/unsubscribe\?token=([0-9a-f]{64}\.[A-Za-z0-9_-]{43})/.exec(mailsTo().at(-1)!.parsed.text ?? "")![1]!
    expect(newToken).not.toBe(token)
    expect((await postForm(server.url, "unsubscribe", { token })).status).toBe(404)
  }, 45_000)
})

describe("subscribe without SMTP_URL", () => {
  it("stores the subscription as pending with the e-mail owed, and says in its log that SMTP is not configured", async () => {
    const server = await startFormServer({ FORMS_RATE_LIMIT: "100000", SITE_URL })
    try {
      const email = "no.smtp@example.com"
      const reply = await postJson(server.url, "subscribe", { email })
      expect(reply.status).toBe(202)
      expect(readSubscriber(server.dataDir, email)).toMatchObject({ email, status: "pending", mailDue: true, mailAttempts: 0 })
      expect(server.output()).toMatch(/SMTP_URL is not set/)
      await sleep(500)
      expect(readSubscriber(server.dataDir, email)).toMatchObject({ mailDue: true, mailAttempts: 0 })
    } finally {
      await server.stop()
    }
  }, 45_000)
})

describe("a subscriber address the mail server refuses for good", () => {
  it("is tried once, stays pending and is not retried", async () => {
    const email = "no.such.mailbox@example.com"
    const smtp = await startSmtp(0, { rejectRecipients: [email] })
    const server = await startFormServer({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SITE_URL,
      FORMS_RATE_LIMIT: "100000",
      FORMS_RETRY_MIN_MS: "100",
      FORMS_RETRY_MAX_MS: "200",
    })
    try {
      expect((await postJson(server.url, "subscribe", { email })).status).toBe(202)
      await waitUntil(() => readSubscriber(server.dataDir, email)?.lastMailError, 15_000, "the refusal was never recorded")
      await sleep(1_000)
      expect(readSubscriber(server.dataDir, email)).toMatchObject({ status: "pending", mailDue: false, mailAttempts: 1 })
      expect(smtp.messages).toHaveLength(0)
      expect(server.output()).toMatch(/refused the confirmation/)
    } finally {
      await server.stop()
      await smtp.close()
    }
  }, 45_000)
})
