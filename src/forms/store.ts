import { createHash, createHmac, randomUUID } from "crypto"
import { promises as fs, readFileSync } from "fs"
import net from "net"
import os from "os"
import path from "path"
import type { Estimate } from "../lib/forms/estimate-payload"
import type { FormKind } from "../lib/forms/fields"

export interface StoredSubmission {
  id: string
  kind: FormKind
  receivedAt: string
  values: Record<string, string>
  /** The client's network, for abuse handling: its address cut to /24 (IPv4) or /48 (IPv6), never the whole address */
  ip?: string
  /** Where a contact message's lead came from: the call to action (LEAD_SOURCES, or direct) and the page before the form */
  source?: LeadOrigin
  /** The estimate a contact message was sent with from /estimate, as parsed (src/lib/forms/estimate-payload.ts) */
  estimate?: Estimate
}

export interface LeadOrigin {
  cta: string
  page?: string
}

export interface SaveResult {
  id: string
  /** True when the idempotency key was seen before: nothing new was stored */
  duplicate: boolean
}

export interface SaveMeta {
  idempotencyKey?: string
  ip?: string
  source?: LeadOrigin
  estimate?: Estimate
  now?: Date
}

/** How far the e-mail for one contact submission has got. */
export interface Delivery {
  attempts: number
  lastAttemptAt?: string
  lastError?: string
  deliveredAt?: string
  messageId?: string
  /**
   * Recorded just before a send: the outcome of that attempt is not known
   * yet. Left without deliveredAt or lastError, it means a process stopped
   * during the send; the message may have gone out and is not sent again.
   */
  sendingSince?: string
}

/** One subscriber address and where its double opt-in stands. */
export interface Subscriber {
  email: string
  /** unsubscribed: the address asked to stop; only a new subscription, confirmed again, sends it anything */
  status: "pending" | "confirmed" | "unsubscribed"
  /** The secret half of the confirmation link */
  secret: string
  firstRequestedAt: string
  lastRequestedAt: string
  confirmedAt?: string
  unsubscribedAt?: string
  /** How many confirmation e-mails were asked for (capped, so the form cannot be used to mail someone again and again) */
  confirmationsRequested: number
  /** A confirmation e-mail is owed and not yet sent */
  mailDue: boolean
  mailAttempts: number
  /** When the last confirmation e-mail was about to be sent (recorded before sending) */
  lastMailAttemptAt?: string
  lastMailError?: string
  lastMailSentAt?: string
}

/** An idempotency key as stored: its record's key, the submission it names, and when it was claimed */
export interface IdempotencyKey {
  key: string
  id: string
  /** ISO time of the claim; absent in keys written before keys carried it (they hold the id alone) */
  claimedAt?: string
}

/** What a key file holds: "<id> <claimed at>", or the id alone (the older form) */
function readKeyHolder(text: string): Omit<IdempotencyKey, "key"> {
  const [id = "", claimedAt] = text.trim().split(/\s+/)
  return claimedAt && !Number.isNaN(Date.parse(claimedAt)) ? { id, claimedAt } : { id }
}

/** The forms' store, whichever backend holds it. Every write has landed when its promise resolves; every failure rejects. */
export interface Store {
  /** Where the records are, for the log: a folder, or a Netlify Blobs store */
  location: string
  save(kind: FormKind, values: Record<string, string>, meta?: SaveMeta): Promise<SaveResult>
  /** Every stored submission of a kind, oldest first */
  list(kind: FormKind): Promise<StoredSubmission[]>
  get(kind: FormKind, id: string): Promise<StoredSubmission | undefined>
  delivery(id: string): Promise<Delivery>
  setDelivery(id: string, value: Delivery): Promise<void>
  subscriber(key: string): Promise<Subscriber | undefined>
  setSubscriber(value: Subscriber): Promise<void>
  /** Every subscriber address, first requested first */
  subscribers(): Promise<Subscriber[]>
  /** Saves a submission record as it is (used to rewrite an old record, e.g. to cut its address) */
  rewrite(submission: StoredSubmission): Promise<void>
  /** Every idempotency key of a kind, the submission id it holds and when it was claimed */
  idempotencyKeys(kind: FormKind): Promise<IdempotencyKey[]>
  /** Deletes one record by its key (layout.*); resolves to whether there was one (deleting what is not there is no error) */
  remove(key: string): Promise<boolean>
  /**
   * Runs fn while holding the lock called name, which every process using
   * this store honours (the server's outbox, `npm run forms -- forget`): what
   * sends mail about a record and what erases it never interleave.
   */
  lock<T>(name: string, fn: () => Promise<T>): Promise<T>
  /**
   * Reads a subscriber-sized record that names nobody (writing it the first
   * time), beside a lookup of an address, so that a lookup costs the same
   * whether the address has a record or not.
   */
  readDecoy(): Promise<void>
}

/**
 * What a store needs from the place that keeps its records. Keys are paths
 * such as contact/submissions/<id>.json, the same for every backend.
 */
export interface Backend {
  location: string
  /** The value at key, undefined when there is none */
  read<T>(key: string): Promise<T | undefined>
  /** Stores value at key whole, replacing what was there */
  write(key: string, value: unknown): Promise<void>
  /** Every key that starts with prefix */
  keys(prefix: string): Promise<string[]>
  /** Creates key holding value unless it exists, atomically; resolves to what key holds: value, or what an earlier claim put there */
  claim(key: string, value: string): Promise<string>
  /** The text at key, undefined when there is none */
  readText(key: string): Promise<string | undefined>
  /** Deletes key; resolves to whether there was one */
  remove(key: string): Promise<boolean>
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex")

/**
 * A client's network instead of its address: IPv4 cut to /24 (203.0.113.0),
 * IPv6 to /48 (2001:db8:1::), an IPv4-mapped IPv6 address as IPv4. Enough to
 * see that many posts came from one place, not who sent them. The rate
 * limiter still uses the whole address, in memory only.
 */
export function networkOf(address: string): string | undefined {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  const ip = mapped ? mapped[1]! : address
  if (net.isIPv4(ip)) return `${ip.split(".").slice(0, 3).join(".")}.0`
  if (!net.isIPv6(ip)) return undefined
  const [head = "", tail = ""] = ip.split("::")
  const headParts = head ? head.split(":") : []
  const tailParts = tail ? tail.split(":") : []
  const groups = ip.includes("::") ? [...headParts, ...Array(8 - headParts.length - tailParts.length).fill("0"), ...tailParts] : headParts
  return `${groups.slice(0, 3).map((group) => group.replace(/^0+(?=.)/, "").toLowerCase()).join(":")}::`
}

/**
 * The token of a subscriber's unsubscribe link: its key and an HMAC of the
 * word "unsubscribe" under the subscriber's secret, so it cannot be guessed,
 * changes when a new subscription gets a new secret, and cannot confirm
 * anything (the confirmation link carries the secret itself).
 */
export const unsubscribeToken = (key: string, secret: string) => `${key}.${createHmac("sha256", secret).update("unsubscribe").digest("base64url")}`

/**
 * One address, however it was typed: trimmed, in Unicode NFC (so an accented
 * letter typed as one code point or as letter plus accent is the same; the
 * Kelvin sign K is canonically K), then lower-cased without regard to any
 * locale (ANA@ is ana@; the Turkish İ lower-cases to i with a dot above and
 * stays apart from i). Every comparison of addresses uses it.
 */
export const normalAddress = (email: string) => email.trim().normalize("NFC").toLowerCase()

/** The key a subscriber's record is named by: a hash, so the address never appears in a key or path. */
export const subscriberKey = (email: string) => sha256(normalAddress(email))

const ID = /^[0-9a-f-]{36}$/
const KEY = /^[0-9a-f]{64}$/

/** Where each record lives, in every backend: folders on disk, key prefixes in a blob store. */
export const layout = {
  submissions: (kind: FormKind) => `${kind}/submissions/`,
  submission: (kind: FormKind, id: string) => `${layout.submissions(kind)}${id}.json`,
  idempotencyKeys: (kind: FormKind) => `${kind}/keys/`,
  idempotencyKey: (kind: FormKind, key: string) => `${layout.idempotencyKeys(kind)}${sha256(key)}`,
  delivery: (id: string) => `contact/delivery/${id}.json`,
  lock: (name: string) => `locks/${sha256(name)}`,
  decoy: "checks/decoy-subscriber.json",
  subscribers: "subscribe/addresses/",
  subscriber: (key: string) => `${layout.subscribers}${key}.json`,
}

/** The locks (Store.lock) that keep sending and erasing apart: one per contact message, one per subscriber address */
export const locks = {
  contact: (id: string) => `contact:${id}`,
  subscriber: (key: string) => `subscriber:${key}`,
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A lock whose holder died (kill -9 mid-send) is taken over this long after
 * it was claimed: longer than the outbox's longest send (SMTP connection
 * 10 s, greeting 10 s, then 30 s without progress) with room to spare.
 */
export const LOCK_STALE_MS = 120_000
/** How long a waiter waits before it gives up: past a stale lock's takeover */
export const LOCK_WAIT_MS = LOCK_STALE_MS + 30_000

/**
 * The store's lock times. Production uses LOCK_STALE_MS and LOCK_WAIT_MS;
 * tests pass shorter ones (createStore's and createBlobStore's lockTimes) to
 * watch a takeover in seconds. Not read from the environment: a stale limit
 * shorter than a send would let two senders in.
 */
export interface LockTimes {
  /** A lock is taken over this long after its claim, when its holder cannot be seen to be gone sooner */
  staleMs: number
  /** A caller gives up waiting for a lock after this long */
  waitMs: number
}
export const LOCK_TIMES: LockTimes = { staleMs: LOCK_STALE_MS, waitMs: LOCK_WAIT_MS }

/** The tokens of the locks this process holds now */
const heldHere = new Set<string>()
/** Per lock, the turn of the last caller in this process: callers here take the lock one after another */
const turns = new Map<string, Promise<unknown>>()

/**
 * A lock's holder is gone: staleMs have passed since its claim, or it was a
 * process on this machine that has ended (a crash), or this process, which
 * no longer holds it (a release the disk refused, when it turned read-only).
 * A holder on another host (every Netlify function instance), or under a pid
 * that is alive but may be another program's now, is only ever taken over by
 * age: its token's time is when its claim was made (claimLock()), never
 * earlier. The age is read against the holder's clock, which hosts keep in
 * step (NTP). Counting it from when a waiter first saw the token instead
 * would keep a crashed holder's lock from every function instance, none of
 * which lives long enough to wait out the limit.
 */
function abandoned(holder: string, staleMs: number): boolean {
  const [, since = "", host, pid] = holder.split(" ")
  const age = Date.now() - Date.parse(since)
  if (Number.isNaN(age) || age > staleMs) return true
  if (host !== os.hostname() || !pid) return false
  if (Number(pid) === process.pid) return !heldHere.has(holder)
  try {
    process.kill(Number(pid), 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH"
  }
  return zombie(Number(pid))
}

/**
 * A process that has ended but that its parent has not reaped yet (a server
 * killed with its group, whose new parent is slow to reap) still answers
 * kill(pid, 0); Linux says it is a zombie in /proc. Elsewhere: not known.
 */
function zombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3)
    return state === "Z" || state === "X"
  } catch {
    return false
  }
}

/** Every JSON record under a prefix; a record that went away while listing is skipped. */
async function readAll<T>(backend: Backend, prefix: string): Promise<T[]> {
  const keys = (await backend.keys(prefix)).filter((key) => key.endsWith(".json"))
  const records: (T | undefined)[] = await Promise.all(keys.map((key) => backend.read<T>(key)))
  return records.filter((record): record is T => record !== undefined)
}

/** The store's rules (ids, idempotency, order), written once over any backend. */
export function storeOn(backend: Backend, lockTimes: LockTimes = LOCK_TIMES): Store {
  async function save(kind: FormKind, values: Record<string, string>, meta: SaveMeta = {}): Promise<SaveResult> {
    let id: string = randomUUID()
    const now = meta.now ?? new Date()
    if (meta.idempotencyKey) {
      // the key holds its own creation time: it lives its whole window from then (privacy.ts)
      const holder = readKeyHolder(await backend.claim(layout.idempotencyKey(kind, meta.idempotencyKey), `${id} ${now.toISOString()}`)).id
      if (holder !== id) {
        if (!ID.test(holder)) throw new Error(`the idempotency key ${layout.idempotencyKey(kind, meta.idempotencyKey)} holds "${holder.slice(0, 40)}", not an id`)
        // Seen before: answer with the first id. The first save may still be
        // writing its record (a concurrent repeat): wait for it a moment. Only
        // if it never appears did that save die between claiming the key and
        // writing; then finish its write here.
        id = holder
        for (let attempt = 0; attempt < 100; attempt += 1) {
          if (await backend.read<StoredSubmission>(layout.submission(kind, id))) return { id, duplicate: true }
          await sleep(20)
        }
      }
    }
    const network = meta.ip ? networkOf(meta.ip) : undefined
    const record: StoredSubmission = { id, kind, receivedAt: now.toISOString(), values, ...(network ? { ip: network } : {}), ...(meta.source ? { source: meta.source } : {}), ...(meta.estimate ? { estimate: meta.estimate } : {}) }
    await backend.write(layout.submission(kind, id), record)
    return { id, duplicate: false }
  }

  async function list(kind: FormKind): Promise<StoredSubmission[]> {
    const records = await readAll<StoredSubmission>(backend, layout.submissions(kind))
    return records.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt) || a.id.localeCompare(b.id))
  }

  async function get(kind: FormKind, id: string): Promise<StoredSubmission | undefined> {
    return ID.test(id) ? backend.read<StoredSubmission>(layout.submission(kind, id)) : undefined
  }

  async function delivery(id: string): Promise<Delivery> {
    return (await backend.read<Delivery>(layout.delivery(id))) ?? { attempts: 0 }
  }

  async function setDelivery(id: string, value: Delivery): Promise<void> {
    await backend.write(layout.delivery(id), value)
  }

  async function subscriber(key: string): Promise<Subscriber | undefined> {
    return KEY.test(key) ? backend.read<Subscriber>(layout.subscriber(key)) : undefined
  }

  async function setSubscriber(value: Subscriber): Promise<void> {
    await backend.write(layout.subscriber(subscriberKey(value.email)), value)
  }

  async function subscribers(): Promise<Subscriber[]> {
    const records = await readAll<Subscriber>(backend, layout.subscribers)
    return records.sort((a, b) => a.firstRequestedAt.localeCompare(b.firstRequestedAt))
  }

  async function rewrite(submission: StoredSubmission): Promise<void> {
    await backend.write(layout.submission(submission.kind, submission.id), submission)
  }

  async function idempotencyKeys(kind: FormKind): Promise<IdempotencyKey[]> {
    const keys = (await backend.keys(layout.idempotencyKeys(kind))).filter((key) => !key.endsWith(TEMPORARY))
    const held = await Promise.all(keys.map(async (key) => ({ key, ...readKeyHolder((await backend.readText(key)) ?? "") })))
    return held
  }

  /**
   * Claimed like an idempotency key (an atomic create of the lock's record,
   * holding a token and the time), waited for while another holds it, taken
   * over when its holder is gone (abandoned()) and only while it still holds
   * that holder's token, and removed after fn only while it is still this
   * holder's.
   */
  function lock<T>(name: string, fn: () => Promise<T>): Promise<T> {
    // Callers in this process queue here first, so none of them can read a
    // token another has just claimed or released and take it for abandoned.
    const turn = `${backend.location}\n${name}`
    const previous = turns.get(turn) ?? Promise.resolve()
    const mine = previous.then(
      () => held(name, fn),
      () => held(name, fn),
    )
    const settled = mine.then(
      () => undefined,
      () => undefined,
    )
    turns.set(turn, settled)
    void settled.then(() => {
      if (turns.get(turn) === settled) turns.delete(turn)
    })
    return mine
  }

  /**
   * Removes a lock whose holder is gone, so that it can be claimed again.
   * Another process may have read the same holder and taken the lock over
   * already, and a new holder may have claimed it since: so the removal is
   * done only by the one that claims a marker named after that holder, and
   * only while the lock still holds it (no one else removes a lock holding
   * that token then). A taker that died with the marker leaves it abandoned:
   * it is removed and the takeover tried again.
   */
  async function takeOver(key: string, holder: string, token: string): Promise<void> {
    const marker = `${key}.takeover-${sha256(holder).slice(0, 24)}`
    const taker = await backend.claim(marker, token)
    if (taker !== token) {
      if (abandoned(taker, lockTimes.staleMs)) await backend.remove(marker)
      return
    }
    try {
      if ((await backend.readText(key))?.trim() === holder) await backend.remove(key)
    } finally {
      await backend.remove(marker)
    }
  }

  /**
   * Claims the lock at key, waiting while another holds it; resolves to the
   * token this caller holds it with (in heldHere until it is released).
   */
  async function claimLock(key: string, name: string): Promise<string> {
    const giveUpAt = Date.now() + lockTimes.waitMs
    for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
      // A new token for every attempt, stamped as it is made: the lock's age
      // counts from the claim that wins it. A token stamped when the waiting
      // began would come in already old, and be taken over that much sooner.
      const token = `${randomUUID()} ${new Date().toISOString()} ${os.hostname()} ${process.pid}`
      // Known as held here before the claim can be seen (abandoned())
      heldHere.add(token)
      try {
        const holder = await backend.claim(key, token)
        if (holder === token) return token
        if (abandoned(holder, lockTimes.staleMs)) await takeOver(key, holder, token)
      } catch (error) {
        heldHere.delete(token)
        throw error
      }
      heldHere.delete(token)
      if (Date.now() > giveUpAt) throw new Error(`the store's lock on ${name} stayed taken for ${lockTimes.waitMs / 1000} s`)
      await sleep(wait)
    }
  }

  async function held<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const key = layout.lock(name)
    const token = await claimLock(key, name)
    try {
      return await fn()
    } finally {
      // a release the store refuses (a disk turned read-only) leaves a lock
      // that abandoned() recognises; it must not hide fn's own outcome
      await backend
        .readText(key)
        .then((held) => (held?.trim() === token ? backend.remove(key) : false))
        .catch(() => undefined)
      heldHere.delete(token)
    }
  }

  const decoy: Subscriber = {
    email: "nobody@example.invalid",
    status: "pending",
    secret: "0".repeat(43),
    firstRequestedAt: new Date(0).toISOString(),
    lastRequestedAt: new Date(0).toISOString(),
    confirmationsRequested: 1,
    mailDue: false,
    mailAttempts: 1,
    lastMailAttemptAt: new Date(0).toISOString(),
    lastMailSentAt: new Date(0).toISOString(),
  }
  async function readDecoy(): Promise<void> {
    if ((await backend.read<Subscriber>(layout.decoy)) === undefined) await backend.write(layout.decoy, decoy)
  }

  return { location: backend.location, lock, readDecoy, save, list, get, delivery, setDelivery, subscriber, setSubscriber, subscribers, rewrite, idempotencyKeys, remove: (key) => backend.remove(key) }
}

async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, "r")
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** The ending of the store's temporary files: never a record, only ever a write in progress. */
const TEMPORARY = ".tmp"

/** Files this process created and could not remove yet (the disk turned read-only in between) */
const undiscarded = new Set<string>()

/**
 * Removes a file this store created, if it is there; a failure to remove is
 * no new error, and the file is removed before the next file is made.
 */
const discard = (file: string) =>
  fs.unlink(file).then(
    () => void undiscarded.delete(file),
    (error: NodeJS.ErrnoException) => void (error.code === "ENOENT" ? undiscarded.delete(file) : undiscarded.add(file)),
  )

/**
 * Creates a new file (never overwrites one) with its content synced to disk;
 * returns its path. When the write fails (a full disk: ENOSPC; a read-only
 * one: EROFS), the half-made file goes too.
 */
async function writeSynced(file: string, content: string): Promise<string> {
  await Promise.all([...undiscarded].map(discard))
  const handle = await fs.open(file, "wx")
  try {
    await handle.writeFile(content)
    await handle.sync()
  } catch (error) {
    await handle.close().catch(() => undefined)
    await discard(file)
    throw error
  }
  await handle.close()
  return file
}

/** Writes a file so that it is either absent or complete, and on disk when this resolves. */
async function writeDurably(file: string, content: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true })
  const temporary = await writeSynced(`${file}.${randomUUID()}${TEMPORARY}`, content)
  try {
    await fs.rename(temporary, file)
  } catch (error) {
    await discard(temporary)
    throw error
  }
  await fsyncDir(path.dirname(file))
}

/**
 * Removes the temporary files a crash left behind (a kill between creating
 * one and renaming or removing it). Run when a server opens the store: one
 * folder belongs to one server process, so no temporary file is in use then.
 * Returns how many it removed.
 */
export async function sweepTemporaryFiles(dir: string): Promise<number> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  const leftovers = entries.filter((entry) => entry.isFile() && entry.name.endsWith(TEMPORARY)).map((entry) => path.join(entry.parentPath, entry.name))
  await Promise.all(leftovers.map(discard))
  return leftovers.length
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

/**
 * Files under one directory, one per key. Every write is atomic (temporary
 * file, fsync, rename, fsync of the folder), so a 2xx answer given after a
 * write resolves survives a crash.
 */
function fileBackend(dir: string): Backend {
  const file = (key: string) => path.join(dir, ...key.split("/"))

  async function keys(prefix: string): Promise<string[]> {
    const names = await fs.readdir(file(prefix)).catch(() => [] as string[])
    return names.map((name) => `${prefix}${name}`)
  }

  async function claim(key: string, value: string): Promise<string> {
    const keyFile = file(key)
    await fs.mkdir(path.dirname(keyFile), { recursive: true })
    // Claimed with a hard link of a complete temporary file: the link fails
    // with EEXIST when the key was claimed before, and a key file never
    // exists without its content (a crash right after an exclusive create
    // would leave an empty one, and every retry with that key would fail).
    const claimFile = await writeSynced(`${keyFile}.${randomUUID()}${TEMPORARY}`, value)
    try {
      // a key released (a lock's holder done) between the refused link and
      // the read is claimed again, a few times, rather than reported lost
      for (let attempt = 0; attempt < 20; attempt += 1) {
        try {
          await fs.link(claimFile, keyFile)
          await fsyncDir(path.dirname(keyFile))
          return value
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
        }
        const held = await fs.readFile(keyFile, "utf8").then(
          (text) => text.trim(),
          (error: NodeJS.ErrnoException) => {
            if (error.code !== "ENOENT") throw error
            return undefined
          },
        )
        if (held) return held
        // an empty key file cannot come from claim (it links a whole file); give another writer a moment
        if (held === "") await sleep(10)
      }
      throw new Error(`the key file ${keyFile} stayed empty or came and went 20 times while it was being claimed`)
    } finally {
      await discard(claimFile)
    }
  }

  async function remove(key: string): Promise<boolean> {
    const removed = await fs.unlink(file(key)).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error
        return false
      },
    )
    if (removed) await fsyncDir(path.dirname(file(key))).catch(() => undefined)
    return removed
  }

  return {
    location: dir,
    read: (key) => readJson(file(key)),
    readText: (key) =>
      fs.readFile(file(key), "utf8").catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return undefined
        throw error
      }),
    write: (key, value) => writeDurably(file(key), json(value)),
    keys,
    claim,
    remove,
  }
}

/**
 * The store as files under one directory, in the layout above:
 *   <kind>/submissions/<id>.json   every submission, never deleted
 *   <kind>/keys/<sha256 of key>    idempotency keys, claimed with an exclusive create
 *   contact/delivery/<id>.json     how far the e-mail to the company has got
 *   subscribe/addresses/<key>.json one file per subscriber address
 */
export function createStore(dir: string, { lockTimes }: { lockTimes?: LockTimes } = {}): Store {
  return storeOn(fileBackend(dir), lockTimes)
}
