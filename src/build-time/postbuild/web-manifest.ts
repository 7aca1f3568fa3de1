import { promises as fs } from "node:fs"
import path from "node:path"
import { LANGUAGES } from "../../lib/languages"
import { manifestPath, webManifest, type ManifestContent } from "../../lib/web-manifest"
import type { PostbuildStep } from "./step"

/**
 * Written here rather than by gatsby-plugin-manifest: the plugin put its
 * options (the description, the icons) and its own browser code into every
 * page's JavaScript, about 0.6 KB gzip, for a file the browser reads by itself.
 */
export const webManifests: PostbuildStep = {
  name: "a web manifest per language",
  async run({ publicDir, contentDir }) {
    const read = async (folder: string, code: string) =>
      JSON.parse(await fs.readFile(path.join(contentDir, folder, `${folder}.${code}.json`), "utf8")) as unknown
    for (const language of LANGUAGES) {
      const content = { site: await read("site", language.code), company: await read("company", language.code) } as ManifestContent
      const file = path.join(publicDir, manifestPath(language.code))
      await fs.mkdir(path.dirname(file), { recursive: true })
      await fs.writeFile(file, JSON.stringify(webManifest(language, content)))
    }
  },
}
