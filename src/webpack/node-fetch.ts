/**
 * Gatsby's HTML stages (build-html, develop-html) add a webpack
 * ProvidePlugin that stands node-fetch 2 in for every `fetch` in the code
 * (use-form-submit.ts has one), from the days when Node had no fetch of its
 * own. node-fetch 2 loads Node's deprecated `punycode` module, and on Node
 * 22 and later the deprecation warning from Gatsby's HTML worker reaches the
 * build output as " ERROR  UNKNOWN". Node 22+ has fetch built in, so the
 * stand-in goes: the build prints no ERROR line that is not one.
 */
interface Plugin {
  constructor: { name: string }
  definitions?: Record<string, unknown>
}

const providesFetch = (plugin: Plugin) => plugin.constructor.name === "ProvidePlugin" && !!plugin.definitions && "fetch" in plugin.definitions

/** The webpack configuration without the plugin that provides node-fetch as `fetch`; null when it has none. */
export function withoutFetchStandIn<T extends { plugins?: Plugin[] }>(config: T): T | null {
  const plugins = config.plugins ?? []
  if (!plugins.some(providesFetch)) return null
  return { ...config, plugins: plugins.filter((plugin) => !providesFetch(plugin)) }
}
