/**
 * What `npm run photos` does to each gallery picture (scripts/dev/photos.ts is
 * its command line): stores it at the largest size the site shows it
 * (renditions.ts), replacing the file.
 *
 * Nothing goes through a temporary folder: the smaller copy is made in
 * memory (a few hundred KB) and written beside the picture under a hidden
 * name that carries this process's id, then renamed over it. A run killed
 * with -9 can clean nothing up; what it leaves is that hidden file, which the
 * next run removes once its process is gone (the content check skips hidden
 * files meanwhile). A picture the build could not read either is named and
 * left as it is, and the others are done all the same.
 */
import { promises as fs } from "fs"
import path from "path"
import { readPicture } from "./decode"
import { renditionOf } from "./renditions"

export interface PhotosReport {
  /** Bytes of all the pictures before, and after (what they would be, in a dry run) */
  before: number
  after: number
  /** Pictures stored smaller */
  changed: number
  /** Pictures named as broken, or not stored because of an error */
  failed: number
}

export interface PhotosOptions {
  dryRun?: boolean
  /** What a picture's line is said with (console.log) */
  say?: (line: string) => void
  /** What a problem's line is said with (console.error) */
  warn?: (line: string) => void
  /** Writes the smaller copy beside the picture (fs.writeFile; a test points it at a full disk) */
  write?: (file: string, bytes: Buffer) => Promise<void>
  /** How file names are shown: relative to this folder */
  cwd?: string
}

const megabytes = (bytes: number) => (bytes < 2 ** 20 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 2 ** 20).toFixed(1)} MB`)

/** The hidden name the copy of `file` is written under by process `pid` */
export const partName = (file: string, pid = process.pid) => path.join(path.dirname(file), `.${path.basename(file)}.photos-${pid}.part`)

const PART = /^\..+\.photos-(\d+)\.part$/

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/** Removes the copies that runs killed before their rename left in these folders; those of runs still going are theirs */
export async function sweepStaleParts(folders: Iterable<string>): Promise<string[]> {
  const removed: string[] = []
  for (const folder of new Set(folders)) {
    for (const name of await fs.readdir(folder).catch(() => [] as string[])) {
      const pid = Number(PART.exec(name)?.[1])
      if (!pid || pid === process.pid || isRunning(pid)) continue
      await fs.rm(path.join(folder, name), { force: true })
      removed.push(path.join(folder, name))
    }
  }
  return removed
}

/** A disk (or the user's quota) with no room left */
const isFull = (error: unknown) => ["ENOSPC", "EDQUOT"].includes((error as NodeJS.ErrnoException).code ?? "")

/** Stores each of `sources` (absolute paths of the gallery's pictures) at the size of its working copy */
export async function storePhotos(sources: readonly string[], options: PhotosOptions = {}): Promise<PhotosReport> {
  const { dryRun = false, say = console.log, warn = console.error, write = fs.writeFile, cwd = process.cwd() } = options
  const report: PhotosReport = { before: 0, after: 0, changed: 0, failed: 0 }
  const named = (file: string) => path.relative(cwd, file)
  await sweepStaleParts(sources.map((file) => path.dirname(file)))
  for (const [index, file] of sources.entries()) {
    let source: Buffer
    try {
      source = await fs.readFile(file)
    } catch (error) {
      report.failed += 1
      warn(`${named(file)}: cannot be read (${(error as Error).message}); left as it is.`)
      continue
    }
    report.before += source.length
    report.after += source.length
    const read = await readPicture(source)
    if ("problem" in read) {
      report.failed += 1
      warn(`${named(file)}: this picture ${read.problem}; ${read.todo}. Left as it is.`)
      continue
    }
    let smaller: Buffer | undefined
    try {
      smaller = await renditionOf(source)
    } catch (error) {
      report.failed += 1
      warn(`${named(file)}: cannot be made smaller (${(error as Error).message}); left as it is.`)
      continue
    }
    // a picture only a little larger than shown, already compressed harder, stays as it is
    if (!smaller || smaller.length >= source.length) continue
    if (!dryRun) {
      const part = partName(file)
      try {
        // a copy then a rename: the picture is never half-written
        await write(part, smaller)
        await fs.rename(part, file)
      } catch (error) {
        await fs.rm(part, { force: true })
        report.failed += 1
        if (isFull(error)) {
          const left = sources.length - index - 1
          warn(
            `${named(file)}: not stored: the disk of ${named(path.dirname(file)) || "."}/ is full (${(error as NodeJS.ErrnoException).code}). The picture is left as it was${left === 0 ? "" : left === 1 ? ", and the one after it was not tried" : `, and the ${left} after it were not tried`}; free some space and run it again.`,
          )
          break
        }
        warn(`${named(file)}: not stored (${(error as Error).message}); the picture is left as it was.`)
        continue
      }
    }
    report.after += smaller.length - source.length
    report.changed += 1
    say(`${named(file)}: ${megabytes(source.length)} → ${megabytes(smaller.length)}`)
  }
  return report
}

export { megabytes }
