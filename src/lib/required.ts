/**
 * Single content nodes (one JSON file each) are nullable in GraphQL because
 * the file might be missing; a page cannot render without them, so say which
 * folder of content/ lacks it. The folder's name, not the file's: the browser
 * bundle carries every call's argument (a few bytes each on every page).
 */
export function required<T>(value: T | null | undefined, folder: string): T {
  if (value === null || value === undefined) {
    throw new Error(`content/${folder}/ has no file in this page's language, or it is empty; the page needs it.`)
  }
  return value
}
