/**
 * For the few tests that must change the project itself (a warm rebuild
 * needs the real .cache/): every file they are about to change is saved
 * first, and put back by `restore()` in their afterAll.
 *
 * An afterAll does not run when the process is killed (a timeout, Ctrl-C),
 * and that once left a mirrored product photo in content/ to be committed.
 * So the saved copies and a list of them stay in a folder of their own
 * outside the project until they are restored; the next guard for the same
 * project finds them and puts the files back before anything else happens.
 * A file that did not exist before the test is removed on restore.
 */
import { createHash } from "crypto"
import fs from "fs"
import os from "os"
import path from "path"

/** What a guard keeps per changed file: its saved copy, or null where the test creates the file */
type Journal = Record<string, string | null>

export interface CheckoutGuard {
  /** Saves the files (paths in the project) before the test changes, creates or removes them */
  save(...files: string[]): void
  /** Puts every saved file back as it was, removes what the test created; safe to call twice */
  restore(): void
}

/** The guard's folder for a project, the same across runs: where a killed run's copies are found */
export function guardDir(root: string): string {
  const key = createHash("sha256").update(path.resolve(root)).digest("hex").slice(0, 16)
  return path.join(os.tmpdir(), `checkout-guard-${key}`)
}

function readJournal(dir: string): Journal {
  const file = path.join(dir, "journal.json")
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Journal) : {}
}

function putBack(dir: string): string[] {
  const journal = readJournal(dir)
  for (const [file, copy] of Object.entries(journal)) {
    if (copy === null) fs.rmSync(file, { force: true })
    else fs.copyFileSync(copy, file)
  }
  fs.rmSync(dir, { recursive: true, force: true })
  return Object.keys(journal)
}

/**
 * A guard for the project at root. Files a killed earlier run left changed
 * are put back at once (and named on stderr).
 */
export function checkoutGuard(root: string): CheckoutGuard {
  const dir = guardDir(root)
  const leftovers = putBack(dir)
  if (leftovers.length)
    console.warn(
      `checkout guard: put back ${leftovers.length} file(s) an interrupted test run had changed: ${leftovers.map((file) => path.relative(root, file)).join(", ")}`,
    )
  return {
    save(...files: string[]) {
      fs.mkdirSync(dir, { recursive: true })
      const journal = readJournal(dir)
      for (const file of files.map((name) => path.resolve(root, name))) {
        if (file in journal) continue
        let copy: string | null = null
        if (fs.existsSync(file)) {
          copy = path.join(dir, `${Object.keys(journal).length}-${path.basename(file)}`)
          fs.copyFileSync(file, copy)
        }
        journal[file] = copy
      }
      // the list is written after the copies, so it never names a copy that is not there
      fs.writeFileSync(path.join(dir, "journal.json"), JSON.stringify(journal, null, 2))
    },
    restore() {
      putBack(dir)
    },
  }
}
