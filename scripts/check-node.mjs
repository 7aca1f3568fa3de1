// Plain JavaScript run by node itself: it must run on any Node, before tsx or Node 24 can be relied on.
// Run before `npm start` and `npm test`: the project needs Node 22 or later
// (24 LTS recommended); on an older Node its tools fail in ways that do not
// say why. Reads the range from package.json's engines.
//
// npm runs these scripts with node_modules/.bin first on PATH, where `npm ci`
// puts Node 24 itself (the official binary, published on the npm registry as
// node-<platform>-<arch>, an optional dependency): on Linux x64 and arm64,
// Windows x64 and Intel Macs this check then passes whatever Node ran npm.
// What is left is a platform with no such package (Apple silicon: none of
// Node 24 on the registry) and an older Node of the machine's own.
import fs from "node:fs"

const { engines, optionalDependencies } = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8"))
const needed = Number(/>=\s*(\d+)/.exec(engines.node)?.[1])
const major = Number(process.versions.node.split(".")[0])
if (major < needed) {
  const platform = `node-${process.platform === "win32" ? "win" : process.platform}-${process.arch}`
  const shipped = Object.keys(optionalDependencies ?? {}).includes(platform)
  console.error(
    `This project needs Node.js ${engines.node} (24 LTS recommended); this is ${process.version}.\n` +
      (shipped
        ? `\`npm ci\` installs Node 24 for this machine (${platform}) into node_modules; run \`npm ci\` first, then this command again.`
        : `No Node 24 package for this machine (${platform}) is on the npm registry, so install Node 24 with your package manager or nvm (\`nvm install\`, which reads .nvmrc).`),
  )
  process.exit(1)
}
