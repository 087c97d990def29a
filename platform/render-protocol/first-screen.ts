/**
 * The id of an empty element a page places at the end of its first screen when that screen is
 * laid out from its bottom up (Home's hero: its headline sits above the quote, pinned to the
 * bottom). Painted before the parser had reached the end of such a screen, the screen moved when
 * the rest arrived (a layout shift of 0.06-0.11 on a phone). The document of a page that has
 * the element asks the browser not to paint before it (`<link rel="expect" blocking="render">`):
 * Chromium waits until the element is in the document, the standard until it is parsed whole;
 * for an empty element last in its screen the two are the same.
 */
export const firstScreenEndId = 'first-screen-end';
