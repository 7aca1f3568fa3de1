import { promises as fs } from "node:fs"
import path from "node:path"
import { adminFiles } from "../../cms/admin"
import type { PostbuildStep } from "./step"

/**
 * The editors' CMS at /admin (src/cms/): its page, the configuration made
 * from the content model with the production Git backend (CMS_* settings,
 * docs/cms.md), Decap's bundle and the preview bundle.
 * No public page links to or loads any of it.
 */
export const admin: PostbuildStep = {
  name: "the CMS at /admin",
  async run({ publicDir, contentDir, reporter }) {
    const dir = path.join(publicDir, "admin")
    await fs.mkdir(dir, { recursive: true })
    const files = await adminFiles({ contentDir, local: false })
    for (const [name, body] of files) await fs.writeFile(path.join(dir, name), body)
    // what an earlier build wrote and this one does not goes; the compressed
    // copies of files that stay are the last step's to keep or remake
    for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
      const name = path.relative(dir, path.join(entry.parentPath, entry.name))
      if (entry.isFile() && !files.has(name) && !files.has(name.replace(/\.(br|gz)$/, ""))) await fs.rm(path.join(dir, name))
    }
    reporter.info(`Wrote the CMS to public/admin/ (${files.size} files)`)
  },
}
