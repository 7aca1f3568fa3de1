/**
 * The CMS's previews with the site's own sections and stylesheet: the hero,
 * the service cards, the products and a solution page show as they will on
 * the site while an editor types. Decap renders previews with its own React;
 * each template here is a Decap component that renders the site's sections
 * with the site's React 18 into its own element (createRoot), so the two
 * never meet. An entry previews in the language the editor writes in (the
 * left pane's): its text, the site's labels in that language, and its
 * `lang`. Bundled by build.ts, loaded by /admin after Decap, which also
 * takes the content files' JSON layout from here (json-format.ts).
 */
import * as React from "react"
import { createRoot, type Root } from "react-dom/client"
import { HeroCarousel } from "../../components/blocks/HeroCarousel"
import { HowItWorks } from "../../components/blocks/HowItWorks"
import { IconSprite } from "../../components/primitives/IconSprite"
import { PageBanner } from "../../components/blocks/PageBanner"
import { ProductList } from "../../components/blocks/ProductList"
import { ServiceIndustry } from "../../components/blocks/ServiceIndustry"
import { SolutionIntro } from "../../components/blocks/SolutionIntro"
import { LanguageContext } from "../../hooks/use-language"
import { DEFAULT_LANGUAGE, languageByCode } from "../../lib/languages"
import { toFragmentData, type AssetUrl, type FieldConfig } from "./data"
import { jsonFormat } from "./json-format"
import "../../styles/tokens.css"
import "../../styles/base.css"
import "../../styles/shared.css"
import "./preview.css"

/** The labels the sections take from content/site/site.<code>.json */
export interface SiteLabels {
  hero: Queries.HeroLabelsFragment
  breadcrumbLabel: string
  breadcrumbHome: string
}

/** Each language's labels by its code, read when the preview is built */
declare const SITE_LABELS: Record<string, SiteLabels>

interface DecapPreviewProps {
  entry: { get(key: "data"): { toJS(): Record<string, unknown> } }
  fields: Iterable<FieldConfig>
  getAsset: (path: string, field: FieldConfig) => { toString(): string }
  /** The language the editor writes in (Decap's left pane), whose text the entry holds */
  locale?: string
}

interface DecapGlobals {
  CMS: {
    registerPreviewTemplate(name: string, component: unknown): void
    registerPreviewStyle(url: string): void
    registerCustomFormat(name: string, extension: string, format: typeof jsonFormat): void
  }
  createClass: (spec: Record<string, unknown>) => unknown
  h: (type: string, props: Record<string, unknown>) => unknown
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each template takes its own section's fragment; Decap hands over untyped entry data
type Render = (data: any, labels: SiteLabels) => React.ReactElement

/**
 * An entry being written may lack what a section needs (a new step without
 * its icon yet): the preview says so instead of going blank, and shows the
 * section again as soon as the entry is whole.
 */
class PreviewBoundary extends React.Component<{ data: unknown; children: React.ReactNode }, { problem?: string }> {
  state: { problem?: string } = {}
  static getDerivedStateFromError(error: Error) {
    return { problem: error.message }
  }
  componentDidUpdate(previous: { data: unknown }) {
    if (previous.data !== this.props.data && this.state.problem) this.setState({ problem: undefined })
  }
  render() {
    if (!this.state.problem) return this.props.children
    return (
      <div className="container" role="status" style={{ padding: "2rem 1rem" }}>
        <p>
          <strong>The preview shows once the entry is complete.</strong> Fill in the fields still empty (a new item needs its picture or icon too).
        </p>
      </div>
    )
  }
}

/** A Decap preview component that renders `render(entry data)` with the site's React */
function sitePreview(render: Render, { createClass, h }: DecapGlobals): unknown {
  return createClass({
    componentDidMount(this: PreviewInstance) {
      this.paint()
    },
    componentDidUpdate(this: PreviewInstance) {
      this.paint()
    },
    componentWillUnmount(this: PreviewInstance) {
      const root = this.root
      // not while Decap's own render is under way
      if (root) setTimeout(() => root.unmount())
    },
    paint(this: PreviewInstance) {
      if (!this.element) return
      this.root ??= createRoot(this.element)
      const assetUrl: AssetUrl = (value, field) => String(this.props.getAsset(value, field))
      const data = toFragmentData(this.props.entry.get("data").toJS(), this.props.fields, assetUrl)
      const language = languageByCode(this.props.locale ?? DEFAULT_LANGUAGE.code)
      this.element.lang = language.tag
      this.root.render(
        <React.StrictMode>
          <LanguageContext.Provider value={language.code}>
            {/* the icons the sections draw, as the server puts them into every page */}
            <IconSprite />
            <PreviewBoundary data={data}>{render(data, SITE_LABELS[language.code] ?? SITE_LABELS[DEFAULT_LANGUAGE.code]!)}</PreviewBoundary>
          </LanguageContext.Provider>
        </React.StrictMode>,
      )
    },
    render(this: PreviewInstance) {
      return h("div", { className: "cms-preview", ref: (element: HTMLElement | null) => (this.element = element) })
    },
  })
}

interface PreviewInstance {
  props: DecapPreviewProps
  element: HTMLElement | null
  root?: Root
  paint(): void
}

/** Each template's name is a collection of src/cms/cms-config.ts: its folder's name */
export const TEMPLATES: Record<string, Render> = {
  hero: (data: Queries.HeroCarouselFragment, labels) => <HeroCarousel data={data} labels={labels.hero} />,
  services: (data: Queries.ServiceIndustryFragment) => <ServiceIndustry data={data} />,
  products: (data: Queries.ProductListFragment) => <ProductList data={data} />,
  solutions: (data: Queries.SolutionIntroFragment & { title: string; breadcrumb: string; howItWorks: Queries.HowItWorksFragment }, labels) => (
    <main>
      <PageBanner title={data.title} breadcrumb={data.breadcrumb} breadcrumbLabel={labels.breadcrumbLabel} homeLabel={labels.breadcrumbHome} />
      <SolutionIntro data={data} />
      <HowItWorks data={data.howItWorks} />
    </main>
  ),
}

const decap = window as unknown as Partial<DecapGlobals>
if (decap.CMS && decap.createClass && decap.h) {
  const globals = decap as DecapGlobals
  const stylesheet = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src.replace(/\.js(\?.*)?$/, ".css") : "cms-preview.css"
  globals.CMS.registerPreviewStyle(stylesheet)
  globals.CMS.registerCustomFormat("json", "json", jsonFormat)
  for (const [name, render] of Object.entries(TEMPLATES)) globals.CMS.registerPreviewTemplate(name, sitePreview(render, globals))
} else {
  console.error("The CMS preview templates need Decap CMS (decap-cms.js) loaded first.")
}
