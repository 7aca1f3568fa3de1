import nodemailer, { type SendMailOptions, type SentMessageInfo, type Transporter } from "nodemailer"
import type { FormsConfig } from "./environment"
import { confirmationMail, contactMail } from "./mails"
import { layout, locks, subscriberKey, type Delivery, type Store, type Subscriber } from "./store"

type Job = { kind: "contact"; id: string } | { kind: "confirm"; key: string }

export interface Logger {
  info: (message: string) => void
  warn: (message: string) => void
  error: (message: string) => void
}

const jobId = (job: Job) => (job.kind === "contact" ? `contact:${job.id}` : `confirm:${job.key}`)

/** A job waiting in the queue: its next turn and how many attempts failed so far */
interface QueuedJob {
  job: Job
  dueAt: number
  attempts: number
}

/**
 * The outbox's state, passed to each of its functions: what it was given
 * (configuration, store, log, the SMTP transport) and what it holds between
 * turns (the queue, its timer, the outcomes not yet recorded).
 */
interface OutboxState {
  config: FormsConfig
  store: Store
  log: Logger
  /** Undefined when SMTP_URL is not set: nothing is sent */
  transport: Transporter | undefined
  /** The jobs waiting, by jobId */
  queue: Map<string, QueuedJob>
  timer: NodeJS.Timeout | undefined
  /** The queue's run in progress, if any */
  pumping: Promise<void> | undefined
  stopped: boolean
  /** E-mails this process has handed to the SMTP server */
  sent: number
  /** Outcomes sent or known, which the store could not take yet; written before the job's next step */
  unrecorded: Map<string, () => Promise<void>>
}

/** The wait before a failed job's next attempt: doubling from retry.minMs, at most retry.maxMs */
const backoff = (config: FormsConfig, attempts: number) => Math.min(config.retry.maxMs, config.retry.minMs * 2 ** Math.max(0, attempts - 1))

/** Queues a job (once: a job queued again keeps its attempts and the sooner of its turns) */
function enqueue(state: OutboxState, job: Job, attempts = 0, dueAt = Date.now()): void {
  if (!state.transport || state.stopped) return
  const existing = state.queue.get(jobId(job))
  state.queue.set(jobId(job), { job, attempts: existing?.attempts ?? attempts, dueAt: existing ? Math.min(existing.dueAt, dueAt) : dueAt })
  schedule(state)
}

/** Sets the timer for the queue's next due job, unless a run is in progress (it schedules when done) */
function schedule(state: OutboxState): void {
  if (state.stopped || state.pumping) return
  if (state.timer) clearTimeout(state.timer)
  state.timer = undefined
  if (state.queue.size === 0) return
  const next = Math.min(...[...state.queue.values()].map((entry) => entry.dueAt))
  state.timer = setTimeout(
    () => {
      state.timer = undefined
      state.pumping = pump(state).finally(() => {
        state.pumping = undefined
        schedule(state)
      })
    },
    Math.max(0, next - Date.now()),
  )
  state.timer.unref()
}

/** Runs every due job, soonest first, until none is due; a failure is queued again after its backoff */
async function pump(state: OutboxState): Promise<void> {
  const { queue, config, log } = state
  for (;;) {
    const due = [...queue.values()].filter((entry) => entry.dueAt <= Date.now()).sort((a, b) => a.dueAt - b.dueAt)
    if (due.length === 0 || state.stopped) return
    for (const entry of due) {
      if (state.stopped) return
      try {
        await run(state, entry.job)
        queue.delete(jobId(entry.job))
      } catch (error) {
        entry.attempts += 1
        entry.dueAt = Date.now() + backoff(config, entry.attempts)
        log.warn(
          `forms: sending ${jobId(entry.job)} failed (attempt ${entry.attempts}, next in ${Math.round(backoff(config, entry.attempts) / 1000)} s): ${(error as Error).message}`,
        )
      }
    }
  }
}

/**
 * One job's turn, under its record's lock: an erasure (forget, the
 * retention run) waits for a send to end, and a send after it finds nothing.
 */
async function run(state: OutboxState, job: Job): Promise<void> {
  await state.store.lock(job.kind === "contact" ? locks.contact(job.id) : locks.subscriber(job.key), async () => {
    const pending = state.unrecorded.get(jobId(job))
    if (pending) {
      await pending()
      state.unrecorded.delete(jobId(job))
    }
    await (job.kind === "contact" ? sendContact(state, job.id) : sendConfirmation(state, job.key))
  })
}

/**
 * Hands one e-mail to the SMTP server, aborting the exchange at the send's
 * deadline (a relay slow but alive, answering within every idle timeout,
 * would otherwise hold the send, and its lock, for as long as it likes). An
 * aborted send had no answer to its data: the relay did not take the
 * message, and it is sent again later.
 */
async function deliver(state: OutboxState, mail: SendMailOptions): Promise<SentMessageInfo> {
  const deadlineMs = state.config.sendDeadlineMs
  const bounded = { ...mail, signal: AbortSignal.timeout(deadlineMs) }
  try {
    return await state.transport!.sendMail(bounded)
  } catch (error) {
    if ((error as { code?: string }).code !== "EABORT") throw error
    const why = `the mail server did not accept it within the send's deadline (${deadlineMs / 1000} s, FORMS_SEND_DEADLINE_MS); the connection was closed`
    throw new Error(why, { cause: error })
  }
}

/** Writes an outcome; when the store cannot take it, keeps it for the job's next turn and fails the turn. */
async function record(state: OutboxState, job: Job, write: () => Promise<void>): Promise<void> {
  try {
    await write()
  } catch (error) {
    state.unrecorded.set(jobId(job), write)
    throw new Error(`the outcome of ${jobId(job)} could not be recorded (kept until it can; nothing is sent again meanwhile): ${(error as Error).message}`, {
      cause: error,
    })
  }
}

/** The e-mail to the company for one contact submission, unless it went out (or may have) or the submission was erased */
async function sendContact(state: OutboxState, id: string): Promise<void> {
  const { store, config, log } = state
  const delivery = await store.delivery(id)
  if (delivery.deliveredAt) return
  if (delivery.sendingSince) {
    log.warn(
      `forms: the e-mail for contact:${id} was being sent at ${delivery.sendingSince} when its process stopped; it may have gone out, so it is not sent again (npm run forms -- contact lists it).`,
    )
    return
  }
  const submission = await store.get("contact", id)
  if (!submission) {
    // erased: nothing about it may stay, a delivery record included
    await store.remove(layout.delivery(id))
    return
  }
  const job: Job = { kind: "contact", id }
  const mail = contactMail(config, submission)
  const attemptAt = new Date().toISOString()
  const attempts = delivery.attempts + 1
  // the intent first: while it cannot be recorded, nothing is sent
  await store.setDelivery(id, { attempts, lastAttemptAt: attemptAt, sendingSince: attemptAt, ...(delivery.lastError ? { lastError: delivery.lastError } : {}) })
  // An outcome is written only for a submission that is still there, and
  // taken back if it went meanwhile: an erasure never leaves a record behind
  // (the lock keeps it from interleaving with a send; this holds whatever
  // took the lock, and for an outcome kept until the store could take it).
  const outcome = (value: Delivery) => async () => {
    if (!(await store.get("contact", id))) return
    await store.setDelivery(id, value)
    if (!(await store.get("contact", id))) await store.remove(layout.delivery(id))
  }
  let messageId: string
  try {
    const info = await deliver(state, mail)
    messageId = info.messageId
    state.sent += 1
  } catch (error) {
    // not sent: recorded as such, so the next turn sends it
    await record(state, job, outcome({ attempts, lastAttemptAt: attemptAt, lastError: (error as Error).message }))
    throw error
  }
  const deliveredAt = new Date().toISOString()
  await record(state, job, outcome({ attempts, lastAttemptAt: attemptAt, deliveredAt, messageId }))
}

/** The confirmation e-mail to a subscriber address, when one is due */
async function sendConfirmation(state: OutboxState, key: string): Promise<void> {
  const { store, config, log } = state
  const subscriber = await store.subscriber(key)
  if (!subscriber || !subscriber.mailDue || subscriber.status === "confirmed") return
  const job: Job = { kind: "confirm", key }
  const mail = confirmationMail(config, key, subscriber)
  // the intent first (the e-mail is no longer due): while it cannot be recorded, nothing is sent
  const sending: Subscriber = { ...subscriber, mailDue: false, mailAttempts: subscriber.mailAttempts + 1, lastMailAttemptAt: new Date().toISOString() }
  await store.setSubscriber(sending)
  // an outcome for an address that is still there: an erased one is not written back
  const outcome = (value: Subscriber) => async () => {
    if (await store.subscriber(key)) await store.setSubscriber(value)
  }
  try {
    await deliver(state, mail)
  } catch (error) {
    // The mail server refused this recipient for good (a 5xx to RCPT TO):
    // retrying cannot help, and the address stays pending, unconfirmed.
    // Anything else was not sent either: due again.
    const { code, responseCode } = error as { code?: string; responseCode?: number }
    const refused = code === "EENVELOPE" && typeof responseCode === "number" && responseCode >= 500
    await record(state, job, outcome({ ...sending, lastMailError: (error as Error).message, mailDue: !refused }))
    if (!refused) throw error
    log.warn(`forms: the mail server refused the confirmation to a subscriber address for good; not retrying: ${(error as Error).message}`)
    return
  }
  state.sent += 1
  const sentAt = new Date().toISOString()
  await record(state, job, outcome({ ...sending, lastMailSentAt: sentAt, lastMailError: undefined }))
}

/** What the store says is owed, and how many sends a stop left without an outcome (never sent again) */
async function owed(store: Store): Promise<{ jobs: { job: Job; attempts: number }[]; interrupted: number }> {
  const jobs: { job: Job; attempts: number }[] = []
  let interrupted = 0
  for (const submission of await store.list("contact")) {
    const delivery = await store.delivery(submission.id)
    if (delivery.deliveredAt) continue
    if (delivery.sendingSince) interrupted += 1
    else jobs.push({ job: { kind: "contact", id: submission.id }, attempts: delivery.attempts })
  }
  for (const subscriber of await store.subscribers()) {
    if (subscriber.mailDue && subscriber.status === "pending")
      jobs.push({ job: { kind: "confirm", key: subscriberKey(subscriber.email) }, attempts: subscriber.mailAttempts })
  }
  return { jobs, interrupted }
}

/** Queues everything the store says is still owed (after a restart, or when SMTP was just configured). */
async function start(state: OutboxState): Promise<void> {
  const { store, config, log } = state
  if (!state.transport) {
    log.warn(
      `forms: SMTP_URL is not set, so submissions are stored in ${store.location} and not e-mailed. Set SMTP_URL to deliver them; nothing stored is lost.`,
    )
    return
  }
  log.info(`forms: submissions are stored in ${store.location} and e-mailed to ${config.mailTo}.`)
  const { jobs, interrupted } = await owed(store)
  if (interrupted > 0) {
    log.warn(
      `forms: ${interrupted} contact e-mail${interrupted > 1 ? "s were" : " was"} being sent when a process stopped and may have gone out; not sent again (npm run forms -- contact lists ${interrupted > 1 ? "them" : "it"} as "interrupted").`,
    )
  }
  for (const { job, attempts } of jobs) enqueue(state, job, attempts)
}

/**
 * Sends everything owed now, one after another, whatever the retry waits
 * say, and resolves when done: what a scheduled run on a functions host
 * calls, where no timer survives the answer. A send that fails stays owed
 * for the next run; what another process is sending is waited for (the
 * lock) and then found sent.
 */
async function drain(state: OutboxState): Promise<{ sent: number; failed: number; interrupted: number }> {
  const report = { sent: 0, failed: 0, interrupted: 0 }
  if (!state.transport) return report
  // what this process sends meanwhile counts, its own queue's sends too (a
  // new instance's start queues what is owed): a job already sent by them
  // is found sent here, under its lock, and not sent again
  const sentBefore = state.sent
  const { jobs, interrupted } = await owed(state.store)
  report.interrupted = interrupted
  for (const { job } of jobs) {
    try {
      await run(state, job)
      state.queue.delete(jobId(job))
    } catch (error) {
      report.failed += 1
      state.log.warn(`forms: sending ${jobId(job)} failed; it stays owed for the next run: ${(error as Error).message}`)
    }
  }
  await idle(state)
  return { ...report, sent: state.sent - sentBefore }
}

/**
 * Sends one job now and waits for it at most withinMs; a send that fails
 * is queued for its retries. Resolves when it was sent, failed, or the wait
 * is over (the send then goes on).
 */
async function sendNow(state: OutboxState, job: Job, withinMs: number): Promise<void> {
  if (!state.transport || state.stopped) return
  const sending = run(state, job).catch((error: Error) => {
    state.log.warn(`forms: sending ${jobId(job)} failed (it is retried): ${error.message}`)
    enqueue(state, job, 1, Date.now() + backoff(state.config, 1))
  })
  let timer: NodeJS.Timeout | undefined
  await Promise.race([sending, new Promise<void>((resolve) => (timer = setTimeout(resolve, withinMs)))])
  clearTimeout(timer)
}

/** Resolves once nothing is due right now (used by tests and on shutdown). */
async function idle(state: OutboxState): Promise<void> {
  while (state.pumping) await state.pumping
}

async function stop(state: OutboxState): Promise<void> {
  state.stopped = true
  if (state.timer) clearTimeout(state.timer)
  await idle(state)
  state.transport?.close()
}

/**
 * Sends what the store says is owed: one e-mail to the company per contact
 * submission (reply-to the visitor) and one confirmation e-mail per
 * subscription request. Nothing is removed from the store; a send that fails
 * is recorded and retried with doubling waits, also after a restart (start()
 * reads the store again).
 *
 * Each message goes out at most once, whatever the disk does: the intent to
 * send is recorded before the send (nothing is sent while it cannot be), an
 * outcome the store cannot take (a full or read-only disk) is kept in memory
 * and written before anything else is tried for that message, and a record
 * left with an intent and no outcome (the process stopped during the send)
 * counts as sent.
 *
 * The work is done by the functions above, each given the outbox's state;
 * this makes the state and hands them out.
 */
export function createOutbox(config: FormsConfig, store: Store, log: Logger) {
  const state: OutboxState = {
    config,
    store,
    log,
    transport: config.smtpUrl
      ? nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
      : undefined,
    queue: new Map(),
    timer: undefined,
    pumping: undefined,
    stopped: false,
    sent: 0,
    unrecorded: new Map(),
  }
  return {
    enabled: Boolean(state.transport),
    enqueue: (job: Job, attempts?: number, dueAt?: number) => enqueue(state, job, attempts, dueAt),
    sendNow: (job: Job, withinMs: number) => sendNow(state, job, withinMs),
    drain: () => drain(state),
    start: () => start(state),
    idle: () => idle(state),
    stop: () => stop(state),
    pending: () => state.queue.size,
  }
}

export type Outbox = ReturnType<typeof createOutbox>
