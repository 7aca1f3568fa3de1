/**
 * The site's response headers as it is built and served: the rules of
 * src/security/header-rules.ts with this build's inline-script hashes (the page
 * loader's, src/build-time/postbuild/loader.ts) and the production CMS backend's
 * origins (src/cms/cms-config.ts, from the CMS_* settings). gatsby-config hands
 * them to Gatsby's adapters; the production server matches them the way the
 * adapters do (src/server/route-headers.ts).
 */
import { cmsBackendOrigins, productionBackend, type CmsEnvironment } from "../cms/cms-config"
import { inlineScriptHashes } from "./postbuild/loader"
import { cmsContentSecurityPolicy, contentSecurityPolicy, headerRules } from "../security/header-rules"

const productionCms = () => cmsBackendOrigins(productionBackend(process.env as CmsEnvironment))

/** Every rule, for gatsby-config's `headers` and the production server */
export const siteHeaders = () => headerRules({ scriptHashes: inlineScriptHashes(), cms: productionCms() })

/** The public pages' Content-Security-Policy */
export const pagesContentSecurityPolicy = () => contentSecurityPolicy(inlineScriptHashes())

/** /admin's Content-Security-Policy, for the production backend */
export const adminContentSecurityPolicy = () => cmsContentSecurityPolicy(productionCms())
