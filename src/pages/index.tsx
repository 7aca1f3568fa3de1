import * as React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { AboutUs } from "../components/blocks/AboutUs"
import { CallToAction } from "../components/blocks/CallToAction"
import { GalleryCarousel, GalleryRowStyle } from "../components/blocks/GalleryCarousel"
import { HeroCarousel } from "../components/blocks/HeroCarousel"
import { Overview } from "../components/blocks/Overview"
import { RecycleMaterials } from "../components/blocks/RecycleMaterials"
import { ServiceIndustry } from "../components/blocks/ServiceIndustry"
import { WhyChooseUs } from "../components/blocks/WhyChooseUs"
import { Layout } from "../components/layout/Layout"
import type { PageContext } from "../lib/chrome"
import { Seo } from "../components/layout/Seo"
import { PicturePreload } from "../components/primitives/Picture"
import { required } from "../lib/required"

export default function HomePage({ data, pageContext }: PageProps<Queries.HomePageQuery, PageContext>) {
  const site = required(data.siteJson, "site")
  const sections = [
    <HeroCarousel key="hero" data={required(data.heroJson, "hero")} labels={site.hero} />,
    <AboutUs key="about" data={required(data.aboutJson, "about")} />,
    <Overview key="overview" data={required(data.overviewJson, "overview")} />,
    <ServiceIndustry key="services" data={required(data.servicesJson, "services")} />,
    <WhyChooseUs key="why" data={required(data.whyChooseUsJson, "why-choose-us")} />,
    <CallToAction key="cta" data={required(data.callToActionJson, "call-to-action")} />,
    <RecycleMaterials key="recycle" data={required(data.recycleJson, "recycle")} />,
    <GalleryCarousel key="gallery" data={required(data.galleryJson, "gallery")} labels={site.gallery} />,
  ]
  return (
    <Layout chrome={data} basePath={pageContext.basePath}>
      {/* Each section is a Suspense boundary of its own: React hydrates and commits them one task at a time
          instead of the whole page in one (the hero's react-slick measures the page as it mounts). */}
      {sections.map((section) => (
        <React.Suspense key={section.key} fallback={null}>
          {section}
        </React.Suspense>
      ))}
    </Layout>
  )
}

export function Head({ data }: HeadProps<Queries.HomePageQuery>) {
  const poster = data.heroJson?.slides[0]?.poster.childImageSharp?.gatsbyImageData
  return (
    <Seo chrome={data} pathname="/">
      {poster ? <PicturePreload image={poster} /> : null}
      {data.galleryJson ? <GalleryRowStyle data={data.galleryJson} /> : null}
    </Seo>
  )
}

export const query = graphql`
  query HomePage($locale: String!) {
    ...PageChrome
    siteJson(locale: { eq: $locale }) {
      hero {
        ...HeroLabels
      }
      gallery {
        ...GalleryLabels
      }
    }
    heroJson(locale: { eq: $locale }) {
      ...HeroCarousel
    }
    aboutJson(locale: { eq: $locale }) {
      ...AboutUs
    }
    overviewJson(locale: { eq: $locale }) {
      ...Overview
    }
    servicesJson(locale: { eq: $locale }) {
      ...ServiceIndustry
    }
    whyChooseUsJson(locale: { eq: $locale }) {
      ...WhyChooseUs
    }
    callToActionJson(locale: { eq: $locale }) {
      ...CallToAction
    }
    recycleJson(locale: { eq: $locale }) {
      ...RecycleMaterials
    }
    galleryJson(locale: { eq: $locale }) {
      ...GalleryCarousel
    }
  }
`
