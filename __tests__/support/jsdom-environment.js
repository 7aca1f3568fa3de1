/**
 * Jest's jsdom environment, with Node's own Uint8Array. jsdom brings its own,
 * so a Node Buffer is no `instanceof Uint8Array` there, and esbuild (which
 * builds the page loader, src/build-time/postbuild/loader.ts, for the tests that run it)
 * refuses to start in such a realm. Node's typed arrays are what the browser's
 * are for every test here.
 */
const { TestEnvironment } = require("jest-environment-jsdom")

class JsdomWithNodeArrays extends TestEnvironment {
  constructor(config, context) {
    super(config, context)
    this.global.Uint8Array = Uint8Array
  }
}

module.exports = JsdomWithNodeArrays
