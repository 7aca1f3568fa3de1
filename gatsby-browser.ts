import "@fontsource-variable/manrope/wght.css"
import "slick-carousel/slick/slick.css"
import "./src/styles/global.css"
