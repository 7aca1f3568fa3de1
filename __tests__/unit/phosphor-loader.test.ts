import fs from "fs"
import path from "path"
import { transformSync } from "@babel/core"

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { keepRegularWeight } = require("../../src/build/phosphor-regular-loader.js") as { keepRegularWeight: (source: string) => string }

const defs = path.resolve(__dirname, "../../node_modules/@phosphor-icons/react/dist/defs")
const icons = fs.readFileSync(path.resolve(__dirname, "../../src/components/primitives/Icons.tsx"), "utf8")
const used = [...icons.matchAll(/^\s+(\w+) as \w+Icon,?$/gm)].map((match) => match[1]!)

describe("the Phosphor loader", () => {
  it("finds the icons the site uses", () => {
    expect(used.length).toBeGreaterThan(10)
  })

  it.each(used)("keeps only the regular weight of %s, as a module that still parses", (name) => {
    const source = fs.readFileSync(path.join(defs, `${name}.es.js`), "utf8")
    const trimmed = keepRegularWeight(source)
    expect(trimmed.length).toBeLessThan(source.length / 2)
    expect(trimmed.match(/"(thin|light|regular|bold|fill|duotone)"/g)).toEqual(['"regular"'])
    expect(() => transformSync(trimmed, { babelrc: false, configFile: false, filename: `${name}.es.js` })).not.toThrow()
  })

  it("leaves a file it does not recognise untouched", () => {
    expect(keepRegularWeight("export default 1")).toBe("export default 1")
  })
})
