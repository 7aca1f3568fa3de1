/**
 * The local CMS backend's writes (see cms-local-backend.ts): decap-server's
 * file writes under the project made whole or not at all.
 */
import { AsyncLocalStorage } from "node:async_hooks"
import fsSync from "node:fs"
import fs from "node:fs/promises"
import path from "node:path"

/** The project whose files decap-server is writing for the request in hand: set only around a write action's handling */
export const writingFor = new AsyncLocalStorage<string>()

/**
 * decap-server writes an entry or an upload in place (fs.promises.writeFile
 * on the file itself): a backend killed or a disk filled mid-write leaves a
 * content file half-written, and the next build fails on it. While it
 * handles a write action this guard has let through, each of its writes
 * under the project goes to a hidden file in the same folder, renamed over
 * the target once whole; everything else decap-server does (which files,
 * the moves, the answers) stays its own. Installed once per process.
 */
export function writeAtomicallyInDecapServer(): void {
  const promises = fsSync.promises as typeof fsSync.promises & { [atomic]?: true }
  if (promises[atomic]) return
  const inPlace = promises.writeFile
  let count = 0
  const atomicWrite = async function (this: unknown, ...args: Parameters<typeof inPlace>): Promise<void> {
    const [file, data, options] = args
    const root = writingFor.getStore()
    if (root === undefined || typeof file !== "string" || path.relative(root, file).startsWith("..") || !path.isAbsolute(file)) return inPlace.apply(this, args)
    const temp = path.join(path.dirname(file), `.${path.basename(file)}.cms-${process.pid}-${(count += 1)}.tmp`)
    try {
      await inPlace(temp, data, options)
      await fs.rename(temp, file)
    } catch (error) {
      await fs.rm(temp, { force: true })
      throw error
    }
  }
  promises.writeFile = atomicWrite as typeof inPlace
  promises[atomic] = true
}

const atomic = Symbol.for("local CMS backend: atomic writes")
