/** The screener (`/analisis/saring`), its saved screens, the comparison page and index membership. */
export { parseScreenQuery, dependsOnTier, screenRows, runScreener } from './screen';
export { marketFigures, marketFiguresOn } from './figures';
export { compare, COMPARE_RANGES, type CompareRange, parseCodes } from './compare';
export { indexesOf } from './index-membership';
export { describeScreen, handleScreensPost, listScreens, SCREEN_NAME_MAX, screenerHref } from './saved';
