import { createHash, randomUUID } from "crypto"
import { promises as fs } from "fs"
import path from "path"
import type { FormKind } from "./fields"

export interface StoredSubmission {
  id: string
  kind: FormKind
  receivedAt: string
  values: Record<string, string>
  /** The client's address, for abuse handling */
  ip?: string
}

export interface SaveResult {
  id: string
  /** True when the idempotency key was seen before: nothing new was stored */
  duplicate: boolean
}

/** How far the e-mail for one contact submission has got. */
export interface Delivery {
  attempts: number
  lastAttemptAt?: string
  lastError?: string
  deliveredAt?: string
  messageId?: string
}

/** One subscriber address and where its double opt-in stands. */
export interface Subscriber {
  email: string
  status: "pending" | "confirmed"
  /** The secret half of the confirmation link */
  secret: string
  firstRequestedAt: string
  lastRequestedAt: string
  confirmedAt?: string
  /** How many confirmation e-mails were asked for (capped, so the form cannot be used to mail someone again and again) */
  confirmationsRequested: number
  /** A confirmation e-mail is owed and not yet sent */
  mailDue: boolean
  mailAttempts: number
  lastMailError?: string
  lastMailSentAt?: string
}

async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, "r")
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Creates a new file (never overwrites one) with its content synced to disk; returns its path. */
async function writeSynced(file: string, content: string): Promise<string> {
  const handle = await fs.open(file, "wx")
  try {
    await handle.writeFile(content)
    await handle.sync()
  } finally {
    await handle.close()
  }
  return file
}

/** Writes a file so that it is either absent or complete, and on disk when this resolves. */
async function writeDurably(file: string, content: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true })
  const temporary = await writeSynced(`${file}.${randomUUID()}.tmp`, content)
  await fs.rename(temporary, file)
  await fsyncDir(path.dirname(file))
}

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await fs.readFile(file, "utf8")) as T
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined
    throw error
  }
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex")

/** The key a subscriber's files are named by: a hash, so the address never appears in a path. */
export const subscriberKey = (email: string) => sha256(email.trim().toLowerCase())

const ID = /^[0-9a-f-]{36}$/
const KEY = /^[0-9a-f]{64}$/

/**
 * The embedded store of form submissions, under one directory:
 *   <kind>/submissions/<id>.json   every submission, never deleted
 *   <kind>/keys/<sha256 of key>    idempotency keys, claimed with an exclusive create
 *   contact/delivery/<id>.json     how far the e-mail to the company has got
 *   subscribe/addresses/<key>.json one file per subscriber address
 * Every write is atomic (temporary file, fsync, rename, fsync of the folder),
 * so a 2xx answer given after save() resolves survives a crash.
 */
export function createStore(dir: string) {
  const folder = (kind: FormKind, part: string) => path.join(dir, kind, part)
  const submissionFile = (kind: FormKind, id: string) => path.join(folder(kind, "submissions"), `${id}.json`)

  async function save(kind: FormKind, values: Record<string, string>, meta: { idempotencyKey?: string; ip?: string; now?: Date } = {}): Promise<SaveResult> {
    let id: string = randomUUID()
    if (meta.idempotencyKey) {
      const keys = folder(kind, "keys")
      await fs.mkdir(keys, { recursive: true })
      const keyFile = path.join(keys, sha256(meta.idempotencyKey))
      // Claimed with a hard link of a complete temporary file: the link fails
      // with EEXIST when the key was claimed before, and a key file never
      // exists without its id (a crash right after an exclusive create would
      // leave an empty one, and every retry with that key would fail).
      const claim = await writeSynced(`${keyFile}.${randomUUID()}.tmp`, id)
      try {
        await fs.link(claim, keyFile)
        await fsyncDir(keys)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
        // Seen before: answer with the first id. The first save may still be
        // writing its file (a concurrent repeat): wait for it a moment. Only
        // if it never appears did that save die between claiming the key and
        // writing; then finish its write here.
        id = ""
        for (let attempt = 0; attempt < 50 && !id; attempt += 1) {
          id = (await fs.readFile(keyFile, "utf8")).trim()
          if (!id) await new Promise((resolve) => setTimeout(resolve, 10))
        }
        if (!id) throw new Error("idempotency key file stayed empty")
        for (let attempt = 0; attempt < 100; attempt += 1) {
          if (await readJson<StoredSubmission>(submissionFile(kind, id))) return { id, duplicate: true }
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
      } finally {
        await fs.unlink(claim).catch(() => undefined)
      }
    }
    const record: StoredSubmission = { id, kind, receivedAt: (meta.now ?? new Date()).toISOString(), values, ...(meta.ip ? { ip: meta.ip } : {}) }
    await writeDurably(submissionFile(kind, id), json(record))
    return { id, duplicate: false }
  }

  /** Every stored submission of a kind, oldest first. */
  async function list(kind: FormKind): Promise<StoredSubmission[]> {
    const names = await fs.readdir(folder(kind, "submissions")).catch(() => [] as string[])
    const records = await Promise.all(names.filter((name) => name.endsWith(".json")).map((name) => readJson<StoredSubmission>(path.join(folder(kind, "submissions"), name))))
    return records.filter((record): record is StoredSubmission => Boolean(record)).sort((a, b) => a.receivedAt.localeCompare(b.receivedAt) || a.id.localeCompare(b.id))
  }

  async function get(kind: FormKind, id: string): Promise<StoredSubmission | undefined> {
    return ID.test(id) ? readJson<StoredSubmission>(submissionFile(kind, id)) : undefined
  }

  const deliveryFile = (id: string) => path.join(folder("contact", "delivery"), `${id}.json`)

  async function delivery(id: string): Promise<Delivery> {
    return (await readJson<Delivery>(deliveryFile(id))) ?? { attempts: 0 }
  }

  async function setDelivery(id: string, value: Delivery): Promise<void> {
    await writeDurably(deliveryFile(id), json(value))
  }

  const subscriberFile = (key: string) => path.join(folder("subscribe", "addresses"), `${key}.json`)

  async function subscriber(key: string): Promise<Subscriber | undefined> {
    return KEY.test(key) ? readJson<Subscriber>(subscriberFile(key)) : undefined
  }

  async function setSubscriber(value: Subscriber): Promise<void> {
    await writeDurably(subscriberFile(subscriberKey(value.email)), json(value))
  }

  async function subscribers(): Promise<Subscriber[]> {
    const names = await fs.readdir(folder("subscribe", "addresses")).catch(() => [] as string[])
    const records = await Promise.all(names.filter((name) => name.endsWith(".json")).map((name) => readJson<Subscriber>(path.join(folder("subscribe", "addresses"), name))))
    return records.filter((record): record is Subscriber => Boolean(record)).sort((a, b) => a.firstRequestedAt.localeCompare(b.firstRequestedAt))
  }

  return { dir, save, list, get, delivery, setDelivery, subscriber, setSubscriber, subscribers }
}

export type Store = ReturnType<typeof createStore>
