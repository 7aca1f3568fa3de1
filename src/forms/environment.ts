import path from "path"
import company from "../../content/company/company.en.json"
import site from "../../content/site/site.en.json"
import { LOCK_STALE_MS, LOCK_WAIT_MS, type LockTimes } from "./store/locks"

/**
 * Which backend holds the store: FORMS_STORE. "files" (the default) writes
 * under dataDir; "netlify-blobs" writes to a Netlify Blobs store, with access
 * from the environment on Netlify, or from an explicit site ID and token.
 */
export type StoreConfig = { backend: "files" } | { backend: "netlify-blobs"; name: string; siteID?: string; token?: string; apiURL?: string }

export const STORE_BACKENDS = ["files", "netlify-blobs"] as const

/** How the forms' server side is set up; every value comes from the environment (docs/forms.md). */
export interface FormsConfig {
  /** Where submissions are written with the files backend: FORMS_DATA_DIR, default ./var/forms */
  dataDir: string
  store: StoreConfig
  /** SMTP server for delivery, e.g. smtp://user:pass@mail.example.com:587; unset means store only */
  smtpUrl?: string
  /** Sender of every e-mail the site sends */
  mailFrom: string
  /** Who receives contact messages */
  mailTo: string
  /** Public address of the site, for the links in confirmation e-mails */
  siteUrl: string
  siteName: string
  /** Posts accepted per client address and endpoint within windowS seconds */
  rateLimit: { points: number; windowS: number }
  /** Delivery retries wait minMs, doubling each time up to maxMs */
  retry: { minMs: number; maxMs: number }
  /** A confirmation e-mail goes to the same address at most once per cooldownS, and at most max times */
  confirm: { cooldownS: number; max: number }
  /** How long records are kept (privacy.ts) */
  retention: Retention
  /**
   * How long a contact post waits for its e-mail before it is answered (the
   * record is durable first; the answer is 2xx either way): FORMS_SEND_WITHIN_MS.
   * 0 leaves the e-mail to the outbox alone, right for a server that keeps
   * running (npm start); on a functions host, whose instance is frozen once it
   * has answered, the e-mail goes out before. Default: 8000 with
   * FORMS_STORE=netlify-blobs (functions), 0 otherwise.
   */
  sendWithinMs: number
  /**
   * The store's lock times (FORMS_LOCK_STALE_MS, FORMS_LOCK_WAIT_MS; locks.ts):
   * every process on one store must use the same. Tests shorten them to see
   * a takeover or a refusal in seconds.
   */
  lockTimes: LockTimes
  /**
   * How long one e-mail's SMTP exchange may take, connection to answer, before
   * it is aborted and tried again later: FORMS_SEND_DEADLINE_MS. At most half
   * the lock's stale limit, so a send always ends well before its lock could
   * be taken from it.
   */
  sendDeadlineMs: number
}

/** A send's deadline: its connection (10 s), greeting (10 s) and a slow answer, and half the lock's stale limit (LOCK_STALE_MS) */
export const SEND_DEADLINE_MS = 60_000

export class ConfigError extends Error {}

/** How long records are kept, in days (FORMS_RETAIN_*; docs/forms.md) */
export interface Retention {
  /** A contact message and its delivery record, counted from its delivery */
  contactDays: number
  /** A subscription never confirmed (from its last request) or ended (from the unsubscribe); and each subscribe request's record */
  unconfirmedDays: number
  /** An idempotency key, counted from its submission: a client retries within minutes, not days */
  keyDays: number
}

export const RETENTION_DEFAULTS: Retention = { contactDays: 365, unconfirmedDays: 30, keyDays: 7 }

export function readRetention(env: NodeJS.ProcessEnv): Retention {
  const days = (name: string, fallback: number) => {
    const raw = env[name]
    if (raw === undefined || raw === "") return fallback
    const value = Number(raw)
    if (!Number.isInteger(value) || value < 1 || value > 3650)
      throw new ConfigError(`${name} is "${raw}"; it must be a whole number of days from 1 to 3650 (default ${fallback}).`)
    return value
  }
  return {
    contactDays: days("FORMS_RETAIN_CONTACT_DAYS", RETENTION_DEFAULTS.contactDays),
    unconfirmedDays: days("FORMS_RETAIN_UNCONFIRMED_DAYS", RETENTION_DEFAULTS.unconfirmedDays),
    keyDays: days("FORMS_RETAIN_KEY_DAYS", RETENTION_DEFAULTS.keyDays),
  }
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === "") return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value <= 0) throw new ConfigError(`${name} is "${raw}"; it must be a whole number above 0 (default ${fallback}).`)
  return value
}

function url(env: NodeJS.ProcessEnv, name: string, fallback?: string): string | undefined {
  const raw = env[name] || fallback
  if (!raw) return undefined
  try {
    new URL(raw)
  } catch {
    throw new ConfigError(`${name} is "${raw}", which is not a URL.`)
  }
  return raw.replace(/\/$/, "")
}

/**
 * The environment at run time. Written through globalThis because the
 * webpack build of Gatsby Functions replaces a bare `process.env` with the
 * build's values ({}), which would ignore what the server is started with.
 */
export const runtimeEnv = (): NodeJS.ProcessEnv => globalThis.process.env

function storeConfig(env: NodeJS.ProcessEnv): StoreConfig {
  const backend = env.FORMS_STORE || "files"
  if (backend === "files") return { backend }
  if (backend !== "netlify-blobs") throw new ConfigError(`FORMS_STORE is "${backend}"; it must be one of ${STORE_BACKENDS.join(", ")} (default files).`)
  const name = env.FORMS_BLOBS_STORE || "forms"
  // Netlify's own rule for store names, checked here so a bad one stops the start, not every post
  if (name.includes("/") || Buffer.byteLength(name) > 64) throw new ConfigError(`FORMS_BLOBS_STORE is "${name}"; a store name has no "/" and at most 64 bytes.`)
  const siteID = env.NETLIFY_BLOBS_SITE_ID || undefined
  const token = env.NETLIFY_BLOBS_TOKEN || undefined
  if (Boolean(siteID) !== Boolean(token)) {
    throw new ConfigError(`NETLIFY_BLOBS_SITE_ID and NETLIFY_BLOBS_TOKEN go together: set both to reach the store from outside Netlify, or neither on Netlify.`)
  }
  return { backend, name, ...(siteID && token ? { siteID, token } : {}), ...(env.NETLIFY_BLOBS_API_URL ? { apiURL: url(env, "NETLIFY_BLOBS_API_URL") } : {}) }
}

/** The lock times: the wait must outlast the stale limit, or a waiter gives up before a dead holder's lock can be taken over */
function readLockTimes(env: NodeJS.ProcessEnv): LockTimes {
  const staleMs = positive(env, "FORMS_LOCK_STALE_MS", LOCK_STALE_MS)
  const waitMs = positive(env, "FORMS_LOCK_WAIT_MS", staleMs + (LOCK_WAIT_MS - LOCK_STALE_MS))
  if (waitMs <= staleMs)
    throw new ConfigError(`FORMS_LOCK_WAIT_MS (${waitMs}) must be longer than FORMS_LOCK_STALE_MS (${staleMs}): a waiter must outlast a dead holder's lock.`)
  return { staleMs, waitMs }
}

/** The send's deadline, checked against the lock's stale limit */
function readSendDeadline(env: NodeJS.ProcessEnv, { staleMs }: LockTimes): number {
  const deadlineMs = positive(env, "FORMS_SEND_DEADLINE_MS", SEND_DEADLINE_MS)
  if (deadlineMs * 2 > staleMs)
    throw new ConfigError(
      `FORMS_SEND_DEADLINE_MS (${deadlineMs}) must be at most half of FORMS_LOCK_STALE_MS (${staleMs}): a send must end well before its lock could be taken from it.`,
    )
  return deadlineMs
}

export function readConfig(env: NodeJS.ProcessEnv = runtimeEnv()): FormsConfig {
  const smtpUrl = url(env, "SMTP_URL")
  if (smtpUrl && !/^smtps?:/.test(smtpUrl))
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, e.g. smtp://user:password@mail.example.com:587.`)
  const lockTimes = readLockTimes(env)
  return {
    dataDir: path.resolve(env.FORMS_DATA_DIR || path.join("var", "forms")),
    store: storeConfig(env),
    smtpUrl,
    mailFrom: env.MAIL_FROM || `${company.name} website <${company.email}>`,
    mailTo: env.MAIL_TO || company.email,
    siteUrl: url(env, "SITE_URL", site.siteUrl) as string,
    siteName: company.name,
    rateLimit: { points: positive(env, "FORMS_RATE_LIMIT", 10), windowS: positive(env, "FORMS_RATE_WINDOW_S", 600) },
    retry: { minMs: positive(env, "FORMS_RETRY_MIN_MS", 5_000), maxMs: positive(env, "FORMS_RETRY_MAX_MS", 3_600_000) },
    confirm: { cooldownS: positive(env, "FORMS_CONFIRM_COOLDOWN_S", 86_400), max: positive(env, "FORMS_CONFIRM_MAX", 3) },
    retention: readRetention(env),
    sendWithinMs: env.FORMS_SEND_WITHIN_MS === "0" ? 0 : positive(env, "FORMS_SEND_WITHIN_MS", env.FORMS_STORE === "netlify-blobs" ? 8_000 : 0),
    lockTimes,
    sendDeadlineMs: readSendDeadline(env, lockTimes),
  }
}
