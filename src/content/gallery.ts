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
