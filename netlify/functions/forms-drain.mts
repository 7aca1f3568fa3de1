import { formService } from "../../src/forms-hosts/open-service"

/**
 * The forms' outbox, drained on Netlify's schedule. A function instance is
 * frozen once it has answered, so an e-mail that could not go out before a
 * post was answered (SMTP down, slower than FORMS_SEND_WITHIN_MS) has no
 * timer left to retry it; this run sends whatever the store says is owed and
 * ends when done. Each e-mail still goes out at most once: the outbox takes
 * the store's lock on each message and records the intent before a send, so
 * a run that meets a post's own send waits for it and then finds it sent.
 *
 * A Netlify Functions 2.0 function (its Blobs access is set up by Netlify),
 * outside src/api/ because Gatsby Functions cannot be scheduled.
 */
export default async (): Promise<Response> => {
  const report = await formService().drain()
  console.log(`forms-drain: ${report.sent} sent, ${report.failed} failed (owed to the next run), ${report.interrupted} interrupted earlier (not sent again).`)
  return new Response(null, { status: 204 })
}

// Every 5 minutes: each run reads every stored contact message and its
// delivery record (one Blobs read each), so not every minute
export const config = { schedule: "*/5 * * * *" }
