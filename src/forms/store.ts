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

async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, "r")
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Writes a file so that it is either absent or complete, and on disk when this resolves. */
async function writeDurably(file: string, content: string): Promise<void> {
  const temporary = `${file}.${randomUUID()}.tmp`
  const handle = await fs.open(temporary, "wx")
  try {
    await handle.writeFile(content)
    await handle.sync()
  } finally {
    await handle.close()
  }
  await fs.rename(temporary, file)
  await fsyncDir(path.dirname(file))
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  )
}

/**
 * The embedded store of form submissions: one JSON file per submission under
 * <dir>/<kind>/submissions/, written atomically and fsynced before save()
 * resolves, so a 2xx answer means the submission survives a crash. An
 * idempotency key (e.g. from a resubmitted form) is claimed with an exclusive
 * create, so the same key never stores twice, even under concurrent posts.
 */
export function createStore(dir: string) {
  const folder = (kind: FormKind, part: "submissions" | "keys") => path.join(dir, kind, part)

  async function save(kind: FormKind, values: Record<string, string>, meta: { idempotencyKey?: string; ip?: string; now?: Date } = {}): Promise<SaveResult> {
    const submissions = folder(kind, "submissions")
    await fs.mkdir(submissions, { recursive: true })
    let id: string = randomUUID()
    let duplicate = false
    if (meta.idempotencyKey) {
      const keys = folder(kind, "keys")
      await fs.mkdir(keys, { recursive: true })
      const keyFile = path.join(keys, createHash("sha256").update(meta.idempotencyKey).digest("hex"))
      try {
        const handle = await fs.open(keyFile, "wx")
        try {
          await handle.writeFile(id)
          await handle.sync()
        } finally {
          await handle.close()
        }
        await fsyncDir(keys)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
        // Seen before: answer with the first id. If that first save died
        // between claiming the key and writing, finish its write now.
        for (let attempt = 0; attempt < 50; attempt += 1) {
          id = (await fs.readFile(keyFile, "utf8")).trim()
          if (id) break
          await new Promise((resolve) => setTimeout(resolve, 10))
        }
        if (!id) throw new Error("idempotency key file stayed empty")
        duplicate = await exists(path.join(submissions, `${id}.json`))
        if (duplicate) return { id, duplicate }
      }
    }
    const record: StoredSubmission = { id, kind, receivedAt: (meta.now ?? new Date()).toISOString(), values, ...(meta.ip ? { ip: meta.ip } : {}) }
    await writeDurably(path.join(submissions, `${id}.json`), `${JSON.stringify(record, null, 2)}\n`)
    return { id, duplicate }
  }

  /** Every stored submission of a kind, oldest first. */
  async function list(kind: FormKind): Promise<StoredSubmission[]> {
    const submissions = folder(kind, "submissions")
    const names = await fs.readdir(submissions).catch(() => [] as string[])
    const records = await Promise.all(
      names.filter((name) => name.endsWith(".json")).map(async (name) => JSON.parse(await fs.readFile(path.join(submissions, name), "utf8")) as StoredSubmission),
    )
    return records.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt) || a.id.localeCompare(b.id))
  }

  return { save, list }
}
