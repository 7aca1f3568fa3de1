// The package ships types (index.d.ts) that its "exports" map does not name, so this project's module resolution cannot find them: the part the cascade test uses.
declare module "@bramus/specificity" {
  interface Specificity {
    value: { a: number; b: number; c: number }
    selectorString(): string
  }
  const Specificity: { calculate(selector: string): Specificity[] }
  export default Specificity
}
