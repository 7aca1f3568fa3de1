/** What a check of content/ found: errors stop the build, warnings are printed; one line each, naming the file and the field */
export interface ContentReport {
  errors: string[]
  warnings: string[]
}
