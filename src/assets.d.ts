// Files webpack turns into URLs when imported (the font preloaded in gatsby-ssr.tsx)
declare module "*.woff2" {
  const url: string
  export default url
}
