/**
 * The store's file backend: one file per key under the data folder, each
 * write durable before it resolves, and the sweep of what a crash left.
 */
import { randomUUID } from "crypto"
import { promises as fs } from "fs"
import path from "path"
import { TEMPORARY } from "./layout"
import { sleep, type LockTimes } from "./locks"
import type { Backend, Store } from "./records"
import { storeOn } from "./store-on"

async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, "r")
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

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

/** The file that holds key under dir: the key's parts as folders */
const fileOf = (dir: string, key: string) => path.join(dir, ...key.split("/"))

/** The keys under a prefix: the names in its folder */
async function keysUnder(dir: string, prefix: string): Promise<string[]> {
  const names = await fs.readdir(fileOf(dir, prefix)).catch(() => [] as string[])
  return names.map((name) => `${prefix}${name}`)
}

/** Backend.claim on files: the key file made with a hard link, which fails when it exists */
async function claimFile(keyFile: string, value: string): Promise<string> {
  await fs.mkdir(path.dirname(keyFile), { recursive: true })
  // Claimed with a hard link of a complete temporary file: the link fails
  // with EEXIST when the key was claimed before, and a key file never
  // exists without its content (a crash right after an exclusive create
  // would leave an empty one, and every retry with that key would fail).
  const claimant = await writeSynced(`${keyFile}.${randomUUID()}${TEMPORARY}`, value)
  try {
    // a key released (a lock's holder done) between the refused link and
    // the read is claimed again, a few times, rather than reported lost
    for (let attempt = 0; attempt < 20; attempt += 1) {
      try {
        await fs.link(claimant, keyFile)
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
    await discard(claimant)
  }
}

/** Backend.remove on files: resolves to whether the file was there */
async function removeFile(file: string): Promise<boolean> {
  const removed = await fs.unlink(file).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error
      return false
    },
  )
  if (removed) await fsyncDir(path.dirname(file)).catch(() => undefined)
  return removed
}

/** The text of a file, undefined when there is none */
const readText = (file: string) =>
  fs.readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined
    throw error
  })

/**
 * Files under one directory, one per key. Every write is atomic (temporary
 * file, fsync, rename, fsync of the folder), so a 2xx answer given after a
 * write resolves survives a crash.
 */
function fileBackend(dir: string): Backend {
  return {
    location: dir,
    read: (key) => readJson(fileOf(dir, key)),
    readText: (key) => readText(fileOf(dir, key)),
    write: (key, value) => writeDurably(fileOf(dir, key), json(value)),
    keys: (prefix) => keysUnder(dir, prefix),
    claim: (key, value) => claimFile(fileOf(dir, key), value),
    remove: (key) => removeFile(fileOf(dir, key)),
  }
}

/**
 * The store as files under one directory, in the layout of layout.ts:
 *   <kind>/submissions/<id>.json   every submission, never deleted
 *   <kind>/keys/<sha256 of key>    idempotency keys, claimed with an exclusive create
 *   contact/delivery/<id>.json     how far the e-mail to the company has got
 *   subscribe/addresses/<key>.json one file per subscriber address
 */
export function createStore(dir: string, { lockTimes }: { lockTimes?: LockTimes } = {}): Store {
  return storeOn(fileBackend(dir), lockTimes)
}
