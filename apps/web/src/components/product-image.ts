/**
 * The width and height written on product <img> tags (the seeded images are 480×480), so the browser
 * reserves their room before the file arrives. Its own module: the product page needs the number, not the
 * product card's code.
 */
export const PRODUCT_IMAGE_SIZE = 480;
