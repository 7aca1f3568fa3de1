// Run before `npm start` and `npm test`: the project needs Node 22 or later
// (24 LTS recommended); on an older Node its tools fail in ways that do not
// say why. Reads the range from package.json's engines.
import fs from "node:fs"

const { engines } = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8"))
const needed = Number(/>=\s*(\d+)/.exec(engines.node)?.[1])
const major = Number(process.versions.node.split(".")[0])
if (major < needed) {
  console.error(
    `This project needs Node.js ${engines.node} (24 LTS recommended); this is ${process.version}.\n` +
      "Install Node 24 with your package manager or nvm (`nvm install`, which reads .nvmrc), or see the README's \"The two commands\".",
  )
  process.exit(1)
}
