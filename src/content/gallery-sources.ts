import { promises as fs } from "fs"
import path from "path"
import { dropInFolder } from "./folders"
import { galleryPictures } from "./gallery"

/**
 * The picture files of the gallery's folder (that of the @dropIn type), as
 * absolute paths in the gallery's order: what the build makes working copies
 * of and `npm run photos` shrinks. None when the model has no such folder.
 */
export async function gallerySources(contentDir: string): Promise<string[]> {
  const folder = dropInFolder(contentDir)
  if (!folder) return []
  const dir = path.join(contentDir, path.relative("content", folder))
  const names = await fs.readdir(dir).catch(() => [] as string[])
  const pictures = galleryPictures(names.map((base) => ({ base, name: path.parse(base).name, extension: path.extname(base).slice(1) })))
  return pictures.map((picture) => path.join(dir, picture.image.base))
}
