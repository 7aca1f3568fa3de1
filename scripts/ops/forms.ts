// `npm run forms -- <command>`: reads and maintains the forms' store
// (FORMS_DATA_DIR, default var/forms, or the Netlify Blobs store that
// FORMS_STORE names).
//
//   contact | subscribe | subscribers [--json]   what the store holds (a contact message's estimate too)
//   purge                                        apply the retention rules now (the server does it at start and daily)
//   export <address>                             every record about an e-mail address, as JSON
//   forget <address>                             erase every record about it, and say what went
import { readConfig } from "../../src/forms/environment"
import { estimateCopy } from "../../src/forms/copy"
import { estimateInWords } from "../../src/forms/estimate-figures"
import { formatEstimate } from "../../src/lib/forms/estimate-payload"
import { languageName } from "../../src/lib/languages"
import { exportAddress, forgetAddress, purge } from "../../src/forms/privacy"
import { openStore } from "../../src/forms-hosts/open-service"

const USAGE = "Use: contact, subscribe or subscribers [--json]; purge; export <address>; forget <address>."

async function main(): Promise<void> {
  const [what = "contact", argument] = process.argv.slice(2)
  const config = readConfig()
  const store = openStore(config)
  const asJson = argument === "--json"

  if (what === "purge") {
    const report = await purge(store, config.retention)
    console.log(
      `Retention (contact messages ${config.retention.contactDays} days after delivery, unconfirmed subscriptions and subscribe requests ${config.retention.unconfirmedDays} days, idempotency keys ${config.retention.keyDays} days) applied to ${store.location}:`,
    )
    for (const [record, count] of Object.entries(report)) console.log(`  ${record}: ${count}`)
    return
  }
  if (what === "export" || what === "forget") {
    if (!argument || !argument.includes("@")) throw new Error(`${what} needs an e-mail address: npm run forms -- ${what} name@example.com`)
    if (what === "export") return console.log(JSON.stringify(await exportAddress(store, argument), null, 2))
    let waiting = false
    const removed = await forgetAddress(store, argument, {
      onWait: ({ pid, host }) => {
        if (waiting) return
        waiting = true
        console.log(
          `Process ${pid} on ${host} holds the store's lock on a record about ${argument} (an e-mail being sent, or a post being stored); waiting for it to let go, at most ${config.lockTimes.waitMs / 1000} s.`,
        )
      },
    }).catch((error: Error) => {
      // a send lets go by its deadline: a lock held past the wait is a stuck process's, which is never taken from it while it runs
      throw new Error(
        `${error.message} Run forget again once that process has let go of it; a send lets go within ${config.sendDeadlineMs / 1000} s, so a process that holds it longer is stuck: stop it, and its lock is free at once.`,
      )
    })
    console.log(
      removed.length
        ? `Erased ${removed.length} record${removed.length === 1 ? "" : "s"} about ${argument} from ${store.location}:`
        : `${store.location} holds nothing about ${argument}.`,
    )
    for (const key of removed) console.log(`  ${key}`)
    return
  }
  if (what === "subscribers") {
    const subscribers = await store.subscribers()
    if (asJson)
      return console.log(
        JSON.stringify(
          subscribers.map(({ secret: _secret, ...rest }) => rest),
          null,
          2,
        ),
      )
    for (const s of subscribers) {
      console.log(
        `${s.status.padEnd(12)} ${s.email}  since ${s.firstRequestedAt}${s.confirmedAt ? `, confirmed ${s.confirmedAt}` : ""}${s.unsubscribedAt ? `, unsubscribed ${s.unsubscribedAt}` : ""}`,
      )
    }
    const count = (status: string) => subscribers.filter((s) => s.status === status).length
    console.log(
      `${count("confirmed")} confirmed, ${count("pending")} pending, ${count("unsubscribed")} unsubscribed (${store.location}); only confirmed addresses may be sent news`,
    )
    return
  }
  if (what !== "contact" && what !== "subscribe") throw new Error(`Unknown "${what}". ${USAGE}`)
  const submissions = await store.list(what)
  const rows = await Promise.all(submissions.map(async (s) => ({ ...s, delivery: what === "contact" ? await store.delivery(s.id) : undefined })))
  if (asJson) return console.log(JSON.stringify(rows, null, 2))
  for (const row of rows) {
    const delivery = row.delivery
    const state = !delivery
      ? ""
      : delivery.deliveredAt
        ? `e-mailed ${delivery.deliveredAt}`
        : delivery.sendingSince
          ? `being e-mailed since ${delivery.sendingSince}; if the server stopped meanwhile, it may or may not have arrived and is not sent again (check the mailbox)`
          : `not e-mailed yet (${delivery.attempts} attempts${delivery.lastError ? `, last error: ${delivery.lastError}` : ""})`
    console.log(`${row.receivedAt}  ${row.id}  ${state}`)
    if (row.source) console.log(`    came from: ${row.source.page ?? "(page not known)"}, through ${row.source.cta}`)
    if (row.language) console.log(`    language: ${languageName(row.language)} (${row.language})`)
    for (const [field, value] of Object.entries(row.values)) console.log(`    ${field}: ${value.replace(/\n/g, "\n      ")}`)
    if (row.estimate) {
      // its lines as the team's e-mail writes them (in English, whatever page it was made on), and the estimate page with its inputs
      const estimate = estimateInWords(row.estimate)
      const lines = [...formatEstimate(estimate, estimateCopy), `${config.siteUrl}${estimate.link}`]
      console.log(`    estimate:\n${lines.map((line) => `      ${line}`).join("\n")}`)
    }
  }
  console.log(`${rows.length} ${what} submissions in ${store.location}`)
}

main().catch((error: Error) => {
  console.error(error.message)
  process.exit(1)
})
