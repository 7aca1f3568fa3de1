/** The mobile menu's id: its panel's (MobileMenu.tsx), and what the header's toggler controls (Header.tsx), which loads the menu later */
export const MOBILE_MENU_ID = "mobile-menu"
