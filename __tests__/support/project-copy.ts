/**
 * A copy of the project to change freely: its tracked files as they are in
 * the working tree, and node_modules as links to the project's packages (the
 * copy's tools write their caches into the copy, never into the project).
 * Used by `npm run test:other-content` and the CMS's end-to-end test.
 */
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"

export const PROJECT = path.resolve(__dirname, "../..")

/** The tracked files as they are in the working tree (what a fresh clone plus the current edits holds). */
export function copyTrackedFiles(into: string): number {
  const listed = execFileSync("git", ["ls-files", "-z"], { cwd: PROJECT, encoding: "utf8" }).split("\0").filter(Boolean)
  let copied = 0
  for (const file of listed) {
    const from = path.join(PROJECT, file)
    // a tracked file deleted in the working tree is not part of it
    if (!fs.existsSync(from)) continue
    fs.mkdirSync(path.dirname(path.join(into, file)), { recursive: true })
    fs.copyFileSync(from, path.join(into, file))
    copied += 1
  }
  return copied
}

/**
 * node_modules as a folder of links to the project's packages: the copy's
 * tools write their caches (node_modules/.cache) into the copy, not the project.
 */
export function linkNodeModules(into: string): void {
  const source = path.join(PROJECT, "node_modules")
  if (!fs.existsSync(source)) throw new Error("node_modules is missing: run npm ci first.")
  const target = path.join(into, "node_modules")
  fs.mkdirSync(target)
  for (const name of fs.readdirSync(source)) {
    if (name === ".cache") continue
    fs.symlinkSync(path.join(source, name), path.join(target, name))
  }
}
