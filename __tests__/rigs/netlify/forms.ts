/**
 * The forms under the Netlify CLI, end to end: a contact post lands in the
 * Blobs store (read back through `npm run forms`) and is e-mailed once;
 * subscribe, confirm and one-click unsubscribe; a post made while SMTP is
 * down is delivered once by the scheduled drain after SMTP returns, with no
 * further request to the site; a burst of 50 posts gives 50 mails, none twice.
 */
import type { ReceivedMail, SmtpSink } from "../../support/form-server"
import { request } from "../../support/http"
import { sleep } from "../../support/sleep"

export interface Check {
  name: string
  ok: boolean
  detail: string
}

export interface FormsRig {
  origin: string
  smtp: () => SmtpSink
  /** Closes the SMTP server (the port then refuses connections) */
  smtpDown: () => Promise<void>
  /** Opens it again on the same port */
  smtpUp: () => Promise<void>
  /** Runs the scheduled drain as Netlify's scheduler does (the CLI runs no schedule by itself); its status */
  drain: () => Promise<number>
  /** `npm run forms -- <args>` pointed at the CLI's Blobs store, parsed as JSON */
  forms: (...args: string[]) => Promise<unknown>
}

type Stored = { id: string; values: Record<string, string>; delivery?: { deliveredAt?: string; attempts: number } }

const person = (tag: string) => ({
  username: `Visitor ${tag}`,
  email: `${tag}@example.com`,
  phone: "+1 555 010 0100",
  subject: `Quote ${tag}`,
  message: `Message ${tag}`,
  fillMs: 6000,
})
const postJson = (origin: string, endpoint: string, body: object, headers: Record<string, string> = {}) =>
  request(origin, `/api/${endpoint}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...headers },
    body: JSON.stringify(body),
  })
const ok2xx = (status: number) => status >= 200 && status < 300
const submissionId = (mail: ReceivedMail) => String(mail.parsed.headers.get("x-submission-id") ?? "")
/** How many mails each contact id got */
const copies = (mails: ReceivedMail[], ids: string[]) => ids.map((id) => mails.filter((mail) => submissionId(mail) === id).length)
/** A link of the site's, on the server under test (the mails name SITE_URL) */
const local = (link: string) => {
  const url = new URL(link)
  return `${url.pathname}${url.search}`
}

export async function formChecks(rig: FormsRig): Promise<{ checks: Check[]; mails: Record<string, string> }> {
  const checks: Check[] = []
  const mails: Record<string, string> = {}
  const check = (name: string, ok: boolean, detail: string) => {
    checks.push({ name, ok, detail })
    console.log(`${ok ? "ok  " : "FAIL"} ${name}: ${detail}`)
  }
  const { origin } = rig

  // 1. A contact message: stored in Blobs, e-mailed once, before the answer
  const first = await postJson(origin, "contact", person("netlify-first"), { "idempotency-key": "netlify-first-0001" })
  const firstId = (JSON.parse(first.text) as { id?: string }).id ?? ""
  await rig
    .smtp()
    .waitFor(1, 15_000)
    .catch(() => undefined)
  const repeat = await postJson(origin, "contact", person("netlify-first"), { "idempotency-key": "netlify-first-0001" })
  await sleep(2_000)
  const stored = (await rig.forms("contact", "--json")) as Stored[]
  const record = stored.find((row) => row.id === firstId)
  check(
    "contact post is stored in Blobs",
    first.status === 201 && record?.values.email === "netlify-first@example.com",
    `201 expected, got ${first.status}; npm run forms -- contact --json lists ${stored.length} message(s), ${record ? "this one among them" : "not this one"}`,
  )
  check(
    "and e-mailed once, before the answer",
    copies(rig.smtp().messages, [firstId])[0] === 1 && Boolean(record?.delivery?.deliveredAt),
    `${copies(rig.smtp().messages, [firstId])[0]} mail(s) for ${firstId}; delivery record ${record?.delivery?.deliveredAt ? `deliveredAt ${record.delivery.deliveredAt}` : "without deliveredAt"}; a repeat with the same key answered ${repeat.status}`,
  )
  mails["one contact post"] = `${copies(rig.smtp().messages, [firstId])[0]} mail`

  // 2. Subscribe, confirm from the mail's link, one-click unsubscribe from its List-Unsubscribe
  const address = "netlify-subscriber@example.com"
  const subscribed = await postJson(origin, "subscribe", { email: address, fillMs: 5000 })
  const before = rig.smtp().messages.length
  const confirmation = await rig
    .smtp()
    .waitFor(before, 15_000)
    .then((all) => all.find((mail) => mail.envelope.to.includes(address)))
    .catch(() => undefined)
  const confirmLink = /https?:\/\/\S+\/api\/subscribe-confirm\?token=\S+/.exec(confirmation?.parsed.text ?? "")?.[0]
  const unsubscribeLink = /https?:\/\/\S+\/api\/unsubscribe\?token=[^\s>]+/.exec(confirmation?.parsed.text ?? "")?.[0]
  const page = confirmLink ? await request(origin, local(confirmLink)) : undefined
  const token = confirmLink ? (new URL(confirmLink).searchParams.get("token") ?? "") : ""
  const confirmed = await request(origin, "/api/subscribe-confirm", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token }).toString(),
  })
  const afterConfirm = ((await rig.forms("subscribers", "--json")) as { email: string; status: string }[]).find((row) => row.email === address)?.status
  const oneClick = unsubscribeLink
    ? await request(origin, local(unsubscribeLink), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      })
    : undefined
  const afterUnsubscribe = ((await rig.forms("subscribers", "--json")) as { email: string; status: string }[]).find((row) => row.email === address)?.status
  check(
    "subscribe, confirm, one-click unsubscribe",
    subscribed.status === 202 &&
      page?.status === 200 &&
      confirmed.status === 303 &&
      afterConfirm === "confirmed" &&
      oneClick?.status === 200 &&
      afterUnsubscribe === "unsubscribed",
    `subscribe ${subscribed.status}, confirmation mail ${confirmation ? "received" : "missing"}, its link GET ${page?.status}, confirm POST ${confirmed.status} → ${confirmed.headers.location}, store says ${afterConfirm}; one-click POST ${oneClick?.status}, store says ${afterUnsubscribe}`,
  )

  // 3. SMTP down: the post is answered 201 (stored); no retry runs in a frozen
  // function (FORMS_RETRY_MIN_MS is an hour here), and no request comes; the
  // scheduled drain delivers it once SMTP is back, and a second run sends nothing
  await rig.smtpDown()
  const down = await postJson(origin, "contact", person("netlify-smtp-down"))
  const downId = (JSON.parse(down.text) as { id?: string }).id ?? ""
  await rig.smtpUp()
  await sleep(3_000)
  const beforeDrain = copies(rig.smtp().messages, [downId])[0]
  const firstRun = await rig.drain()
  await rig
    .smtp()
    .waitFor(1, 15_000)
    .catch(() => undefined)
  const secondRun = await rig.drain()
  await sleep(2_000)
  const afterDrain = copies(rig.smtp().messages, [downId])[0]
  check(
    "SMTP down, then back: delivered once by the scheduled drain",
    down.status === 201 && beforeDrain === 0 && afterDrain === 1 && ok2xx(firstRun) && ok2xx(secondRun),
    `post while SMTP was down answered ${down.status}; ${beforeDrain} mail(s) before the drain, ${afterDrain} after two runs (answered ${firstRun}, ${secondRun})`,
  )
  mails["SMTP down, then the scheduled drain twice"] = `${beforeDrain} before the drain, ${afterDrain} after`

  // 4. A burst of 50 concurrent posts: 50 mails, none twice (and a drain after them sends nothing more)
  const burst = await Promise.all(Array.from({ length: 50 }, (_, index) => postJson(origin, "contact", person(`netlify-burst-${index}`))))
  const burstIds = burst.map((reply) => (JSON.parse(reply.text) as { id?: string }).id ?? "")
  const statuses = [...new Set(burst.map((reply) => reply.status))]
  const countBurst = () => copies(rig.smtp().messages, burstIds)
  const deadline = Date.now() + 60_000
  while (countBurst().some((count) => count === 0) && Date.now() < deadline) await sleep(500)
  await rig.drain()
  await sleep(2_000)
  const counts = countBurst()
  const total = counts.reduce((sum, count) => sum + count, 0)
  check(
    "a burst of 50 posts: 50 mails, none twice",
    statuses.join() === "201" && counts.every((count) => count === 1),
    `statuses ${statuses.join(", ")}; ${total} mails for 50 messages, ${counts.filter((count) => count > 1).length} sent twice, ${counts.filter((count) => count === 0).length} missing`,
  )
  mails["a burst of 50 posts, then a drain"] = `${total} mails, ${counts.filter((count) => count > 1).length} twice`
  return { checks, mails }
}
