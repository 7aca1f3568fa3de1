import * as React from "react"
import { graphql } from "gatsby"
import { LanguageContext } from "../../hooks/use-language"
import { pageChrome } from "../../lib/chrome"
import { Footer } from "./Footer"
import { GoToTop } from "./GoToTop"
import { Header } from "./Header"
import { ScrollProgress } from "./ScrollProgress"
import "./Layout.css"

/**
 * The chrome of every page: progress line, header, footer and go-to-top,
 * from the page's query (its ...PageChrome) in the page's language, which
 * every link below it keeps (LocalLink).
 */
export function Layout({ chrome, basePath, children }: { chrome: Queries.PageChromeFragment; basePath: string; children: React.ReactNode }) {
  const { site, company, forms, privacy, solutions, languages } = pageChrome(chrome)
  return (
    <LanguageContext.Provider value={site.locale}>
      <a className="skip-link" href="#main">
        {site.skipToContent}
      </a>
      <ScrollProgress />
      <Header site={site} company={company} solutions={solutions} languages={languages} basePath={basePath} />
      <main id="main" tabIndex={-1} style={{ "--reveal-duration": `${site.revealDuration}ms` } as React.CSSProperties}>
        {children}
      </main>
      <Footer site={site} company={company} forms={forms} privacy={privacy} solutions={solutions} />
      <GoToTop label={site.goToTop} offset={site.goToTopOffset} />
    </LanguageContext.Provider>
  )
}

export const layoutFragment = graphql`
  fragment LayoutSite on SiteJson {
    skipToContent
    revealDuration
    goToTop
    goToTopOffset
  }
`
