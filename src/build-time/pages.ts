/**
 * The site's pages in every language, the solutions' and the forms'
 * notices from the content, and each translation's 404 (gatsby-node's
 * onCreatePage, createPages).
 */
import path from "path"
import type { GatsbyNode } from "gatsby"
import { localizedPath, solutionPath } from "../content/routes"
import { DEFAULT_LANGUAGE, LANGUAGES, TRANSLATED } from "../lib/languages"

/**
 * Every page in every language (src/lib/languages.ts): the default's at its
 * own address, each other language's under its code, with the language in
 * the context for the page's query ($locale).
 */
export const onCreatePage: GatsbyNode["onCreatePage"] = ({ page, actions }) => {
  if ((page.context as { locale?: string }).locale || page.path.startsWith("/dev-404-page")) return
  actions.deletePage(page)
  for (const { code } of LANGUAGES) {
    // Gatsby's 404 page is /404 and /404.html; a translation's is only its 404.html, what the servers answer a missing page there with
    if (code !== DEFAULT_LANGUAGE.code && page.path === "/404") continue
    actions.createPage({ ...page, path: localizedPath(page.path, code), context: { ...page.context, locale: code, basePath: page.path } })
  }
}

const solutionTemplate = path.resolve("src/templates/solution.tsx")
const noticeTemplate = path.resolve("src/templates/notice.tsx")
export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<Queries.SolutionPagesQuery>(`
    query SolutionPages {
      allFormsJson {
        nodes {
          locale
          pages {
            id
            path
          }
        }
      }
      allSolutionsJson(sort: { order: ASC }) {
        nodes {
          id
          slug
          locale
        }
      }
    }
  `)
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not load the solution pages from content/solutions.", result.errors)
    return
  }

  // validateContent (onPreBootstrap) has checked the slugs, that every outcome of the forms has its page, and every translation
  for (const forms of result.data.allFormsJson.nodes) {
    for (const page of forms.pages) {
      actions.createPage({
        path: localizedPath(page.path, forms.locale),
        component: noticeTemplate,
        context: { noticeId: page.id, locale: forms.locale, basePath: page.path },
      })
    }
  }
  // A missing page under a language's prefix answers with that language's 404 page, status 404, on
  // Netlify (the adapter writes these to _redirects; not forced, so every page and file there wins)
  // as under `npm start` (src/server/app.ts); asked for by name, the page answers 404 too
  for (const { code } of TRANSLATED) {
    const page = localizedPath("/404.html", code)
    actions.createRedirect({ fromPath: localizedPath("/404", code), toPath: page, statusCode: 404, force: true })
    actions.createRedirect({ fromPath: `${localizedPath("/", code)}/*`, toPath: page, statusCode: 404 })
  }
  for (const node of result.data.allSolutionsJson.nodes) {
    actions.createPage({
      path: localizedPath(solutionPath(node.slug), node.locale),
      component: solutionTemplate,
      context: { id: node.id, locale: node.locale, basePath: solutionPath(node.slug) },
    })
  }
}
