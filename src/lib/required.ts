/**
 * Single content nodes (one JSON file each) are nullable in GraphQL because
 * the file might be missing; a page cannot render without them, so say which.
 */
export function required<T>(value: T | null | undefined, file: string): T {
  if (value === null || value === undefined) {
    throw new Error(`${file} is missing or empty; the page needs it.`)
  }
  return value
}
