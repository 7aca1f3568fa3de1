import { graphql, useStaticQuery } from "gatsby"

/** Site settings, company details and the solution pages: everything the page chrome shows. */
export function useSite() {
  const data = useStaticQuery<Queries.UseSiteQuery>(graphql`
    query UseSite {
      siteJson {
        ...SiteChrome
      }
      companyJson {
        ...CompanyDetails
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

export const siteChromeFragments = graphql`
  fragment SiteChrome on SiteJson {
    title
    description
    siteUrl
    language
    manifest {
      themeColor
    }
    share {
      alt
      image {
        childImageSharp {
          resize(width: 1200, height: 630, cropFocus: CENTER, toFormat: JPG, quality: 80) {
            src
            width
            height
          }
        }
      }
    }
    stickyHeaderOffset
    goToTopOffset
    revealDuration
    skipToContent
    menuLabel
    mobileMenuLabel
    menu {
      label
      to
      listsSolutions
    }
    getInTouch {
      label
      to
    }
    openMenu
    closeMenu
    goToTop
    topBar {
      phoneLabel
      emailLabel
      locationLabel
    }
    footer {
      subscribe {
        title
        text
        emailLabel
        placeholder
        button
      }
      usefulLinksTitle
      usefulLinks {
        label
        to
      }
      solutionsTitle
      contactTitle
      followTitle
    }
    breadcrumbLabel
    breadcrumbHome
  }

  fragment CompanyDetails on CompanyJson {
    name
    legalName
    logo {
      publicURL
      svgDataUrl
    }
    logoOnDark {
      publicURL
    }
    logoAlt
    blurb
    address {
      street
      locality
      region
      postalCode
      country
    }
    location
    phone {
      display
      tel
    }
    email
    taxRegistration {
      label
      value
    }
    social {
      network
      label
      url
      hidden
    }
    copyright
  }

  fragment FormCopy on FormsJson {
    trapLabel
    status {
      sending
      contactSent
      subscribeSent
      failed
      offline
    }
    errors {
      too_large
      server
    }
  }

  fragment SolutionLink on SolutionsJson {
    slug
    title
    summary
  }
`

export type SiteChrome = Queries.SiteChromeFragment
export type CompanyDetails = Queries.CompanyDetailsFragment
export type SolutionLink = Queries.SolutionLinkFragment
export type FormCopy = Queries.FormCopyFragment
