// `npm run forms -- <contact|subscribe|subscribers> [--json]`: reads the forms'
// store (FORMS_DATA_DIR, default var/forms, or the Netlify Blobs store that
// FORMS_STORE names) and prints what it holds.
import { readConfig } from "../src/forms/config"
import { openStore } from "../src/forms/service"

async function main(): Promise<void> {
  const [what = "contact", flag] = process.argv.slice(2)
  const config = readConfig()
  const store = openStore(config)
  const asJson = flag === "--json"
  if (what === "subscribers") {
    const subscribers = await store.subscribers()
    if (asJson) return console.log(JSON.stringify(subscribers.map(({ secret: _secret, ...rest }) => rest), null, 2))
    for (const s of subscribers) console.log(`${s.status.padEnd(9)} ${s.email}  since ${s.firstRequestedAt}${s.confirmedAt ? `, confirmed ${s.confirmedAt}` : ""}`)
    console.log(`${subscribers.filter((s) => s.status === "confirmed").length} confirmed, ${subscribers.filter((s) => s.status === "pending").length} pending (${store.location})`)
    return
  }
  if (what !== "contact" && what !== "subscribe") throw new Error(`Unknown "${what}": use contact, subscribe or subscribers.`)
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
    for (const [field, value] of Object.entries(row.values)) console.log(`    ${field}: ${value.replace(/\n/g, "\n      ")}`)
  }
  console.log(`${rows.length} ${what} submissions in ${store.location}`)
}

main().catch((error: Error) => {
  console.error(error.message)
  process.exit(1)
})
