/** prism-react-renderer's GitHub theme with the token colours below 4.5:1 darkened to pass WCAG AA, hue kept. */
import {themes, type PrismTheme} from 'prism-react-renderer';

const darker: Record<string, string> = {
  '#999988': '#6e6e5e', // comments
  '#e3116c': '#c4105d', // strings
  '#36acaa': '#00716f', // numbers, properties, variables
  '#00a4db': '#006b92', // at-rules, attribute names
  '#d73a49': '#c5283d', // functions
};

export const codeTheme: PrismTheme = {
  ...themes.github,
  styles: themes.github.styles.map(({types, style}) => ({
    types,
    style: {...style, ...(style.color && darker[style.color] ? {color: darker[style.color]} : {}), ...(style.opacity ? {opacity: 1} : {})},
  })),
};
