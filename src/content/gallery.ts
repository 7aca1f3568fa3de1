import { RENDITIONS_SOURCE, withRenditions } from "../images/renditions"
import { dropInRule } from "./schema"

/** The formats a picture dropped into the gallery's folder may have (GalleryJson's @dropIn rule). */
const formats = () => dropInRule("GalleryJson")?.formats ?? []

/** "rdf-line_02" → "Rdf line 02": a file name an editor chose, made readable as a caption. */
export function readableName(name: string): string {
  const words = name.replace(/[-_.]+/g, " ").replace(/\s+/g, " ").trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

interface FileLike {
  base: string
  name: string
  extension: string
}

interface Entry {
  image: string
  id?: string | null
  title: string
  alt: string
}

/**
 * Every image file of the gallery folder, in file-name order, with its title
 * and alt text from the matching entry of gallery.json, else from its name.
 */
export function galleryPictures<F extends FileLike>(files: readonly F[], entries: readonly Entry[] = []) {
  const byFile = new Map(entries.map((entry) => [entry.image, entry]))
  return files
    .filter((file) => formats().includes(file.extension.toLowerCase()))
    .sort((a, b) => a.base.localeCompare(b.base, "en", { numeric: true }))
    .map((file) => {
      const entry = byFile.get(file.base)
      const title = entry?.title ?? readableName(file.name)
      return { id: entry?.id ?? file.name, title, alt: entry?.alt ?? title, image: file }
    })
}

/** A File node, as the gallery's resolver reads it */
export interface FileNode extends FileLike {
  id: string
  absolutePath: string
  relativeDirectory: string
  sourceInstanceName: string
  internal: { contentDigest: string }
}

interface NodeModel {
  getNodeById: (args: { id: string }) => FileNode | null
  findAll: (args: object) => Promise<{ entries: Iterable<FileNode> }>
}

/**
 * GalleryJson.pictures: the pictures of the folder of the gallery's JSON
 * file. Querying File nodes through the node model also makes Gatsby re-run
 * the gallery's queries when a file is added under `gatsby develop`. A
 * camera-size picture is shown from its working copy at the largest size the
 * gallery shows (src/images/renditions.ts) where the build has made one.
 */
export async function resolveGalleryPictures(source: { parent: string; items?: Entry[] | null }, _args: unknown, context: { nodeModel: NodeModel }) {
  const json = context.nodeModel.getNodeById({ id: source.parent })
  if (!json) return []
  const [{ entries }, copies] = await Promise.all([
    context.nodeModel.findAll({
      type: "File",
      query: { filter: { sourceInstanceName: { eq: json.sourceInstanceName }, relativeDirectory: { eq: json.relativeDirectory } } },
    }),
    context.nodeModel.findAll({ type: "File", query: { filter: { sourceInstanceName: { eq: RENDITIONS_SOURCE } } } }),
  ])
  const pictures = galleryPictures([...entries], source.items ?? [])
  const renditions = withRenditions(
    pictures.map((picture) => picture.image),
    [...copies.entries],
  )
  return pictures.map((picture) => ({ ...picture, image: renditions.get(picture.image) ?? picture.image }))
}
