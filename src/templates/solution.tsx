import * as React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { GalleryCarousel, GalleryRowStyle } from "../components/blocks/GalleryCarousel"
import { HowItWorks } from "../components/blocks/HowItWorks"
import { PageBanner } from "../components/blocks/PageBanner"
import { SolutionIntro } from "../components/blocks/SolutionIntro"
import { Layout } from "../components/layout/Layout"
import type { PageContext } from "../lib/chrome"
import { Seo } from "../components/layout/Seo"
import { required } from "../lib/required"

/** One page per file in content/solutions/, created in gatsby-node by slug. */
export default function SolutionTemplate({ data, pageContext }: PageProps<Queries.SolutionTemplateQuery, PageContext>) {
  const site = required(data.siteJson, "site")
  const solution = required(data.solutionsJson, "solutions")
  return (
    <Layout chrome={data} basePath={pageContext.basePath}>
      <PageBanner title={solution.title} breadcrumb={solution.breadcrumb} breadcrumbLabel={site.breadcrumbLabel} homeLabel={site.breadcrumbHome} />
      <SolutionIntro data={solution} />
      <HowItWorks data={solution.howItWorks} />
      <GalleryCarousel data={required(data.galleryJson, "gallery")} labels={site.gallery} />
    </Layout>
  )
}

export function Head({ data }: HeadProps<Queries.SolutionTemplateQuery>) {
  const solution = data.solutionsJson
  const pathname = solution?.path ?? ""
  return (
    <Seo chrome={data} pathname={pathname} title={solution?.title} description={solution?.description} breadcrumb={solution?.breadcrumb ?? ""}>
      {data.galleryJson ? <GalleryRowStyle data={data.galleryJson} /> : null}
    </Seo>
  )
}

export const query = graphql`
  query SolutionTemplate($id: String!, $locale: String!) {
    ...PageChrome
    siteJson(locale: { eq: $locale }) {
      breadcrumbLabel
      breadcrumbHome
      gallery {
        ...GalleryLabels
      }
    }
    solutionsJson(id: { eq: $id }) {
      path
      title
      breadcrumb
      description
      ...SolutionIntro
      howItWorks {
        ...HowItWorks
      }
    }
    galleryJson(locale: { eq: $locale }) {
      ...GalleryCarousel
    }
  }
`
