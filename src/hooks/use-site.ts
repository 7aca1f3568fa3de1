import { graphql, useStaticQuery } from "gatsby"

/**
 * Everything the page chrome shows, in one static query composed of the
 * fragments the layout components own (Layout, Header, Footer, Seo and the
 * structured data; the forms' copy and privacy notes; the solution links).
 */
export function useSite() {
  const data = useStaticQuery<Queries.UseSiteQuery>(graphql`
    query UseSite {
      siteJson {
        ...LayoutSite
        ...HeaderSite
        ...FooterSite
        ...SeoSite
      }
      companyJson {
        ...HeaderCompany
        ...FooterCompany
        ...StructuredDataCompany
      }
      formsJson {
        ...FormCopy
      }
      privacyJson {
        ...PrivacyNotes
      }
      allSolutionsJson(sort: { order: ASC }) {
        nodes {
          ...SolutionLink
        }
      }
    }
  `)
  if (!data.siteJson || !data.companyJson || !data.formsJson || !data.privacyJson) {
    throw new Error("content/site/site.json, content/company/company.json, content/forms/forms.json and content/privacy/privacy.json are all required.")
  }
  return { site: data.siteJson, company: data.companyJson, forms: data.formsJson, privacy: data.privacyJson, solutions: data.allSolutionsJson.nodes }
}

/** The site settings and company details the chrome reads, as the query composes them */
export type SiteChrome = ReturnType<typeof useSite>["site"]
export type CompanyDetails = ReturnType<typeof useSite>["company"]
