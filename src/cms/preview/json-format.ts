/**
 * How the CMS writes a content file: as the repository holds them, JSON
 * indented by two spaces and ending in a newline, so a save through the CMS
 * changes only the lines the editor changed. Decap's own JSON format leaves
 * out the last newline; registered under its name ("json"), this one takes
 * its place for every collection (index.tsx).
 */
export const jsonFormat = {
  fromFile: (content: string): unknown => JSON.parse(content),
  toFile: (data: unknown): string => `${JSON.stringify(data, null, 2)}\n`,
}
