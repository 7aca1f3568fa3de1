import { graphql } from "gatsby"

/**
 * Everything the page chrome shows (Layout, Header, Footer, Seo and the
 * structured data; the forms' copy and privacy notes; the solution links),
 * in the page's language: a fragment every page's query spreads, with the
 * page's $locale (gatsby-node gives each page its language), so a Hindi page
 * holds the Hindi chrome and nothing of the English.
 */
export const pageChromeFragment = graphql`
  fragment PageChrome on Query {
    siteJson(locale: { eq: $locale }) {
      locale
      ...LayoutSite
      ...HeaderSite
      ...FooterSite
      ...SeoSite
    }
    companyJson(locale: { eq: $locale }) {
      ...HeaderCompany
      ...FooterCompany
      ...StructuredDataCompany
    }
    formsJson(locale: { eq: $locale }) {
      ...FormCopy
    }
    privacyJson(locale: { eq: $locale }) {
      ...PrivacyNotes
    }
    allSolutionsJson(filter: { locale: { eq: $locale } }, sort: { order: ASC }) {
      nodes {
        ...SolutionLink
      }
    }
    languages: allSiteJson(sort: { locale: ASC }) {
      nodes {
        ...LanguageName
      }
    }
  }
`

/** The chrome of a page's query, each part checked: a content file the whole site needs is missing */
export function pageChrome(data: Queries.PageChromeFragment) {
  if (!data.siteJson || !data.companyJson || !data.formsJson || !data.privacyJson) {
    throw new Error("content/site, company, forms and privacy each need a file in the page's language (site.en.json, site.hi.json …).")
  }
  return {
    site: data.siteJson,
    company: data.companyJson,
    forms: data.formsJson,
    privacy: data.privacyJson,
    solutions: data.allSolutionsJson.nodes,
    languages: data.languages.nodes,
  }
}

export type PageChrome = ReturnType<typeof pageChrome>
/** The site settings and company details the chrome reads, as the query composes them */
export type SiteChrome = PageChrome["site"]
export type CompanyDetails = PageChrome["company"]

/** What gatsby-node gives every page: its language and its address in the default language (/estimate for /hi/estimate) */
export interface PageContext {
  locale: string
  basePath: string
}
