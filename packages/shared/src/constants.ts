/** Every business number of SPEC §9, in one place. */

/** Product listing (storefront). */
export const LISTING_PAGE_SIZE = 8;
export const LISTING_MAX_PAGE_SIZE = 48;
export const LISTING_PAGER_WINDOW = 10;

/** Admin product table. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 20;
export const ADMIN_PRODUCTS_PAGER_WINDOW = 10;

/** Admin sales history: sale groups per page. */
export const SALES_PAGE_SIZE = 6;
/** The most sale groups one page of GET /api/venta may ask for. */
export const SALES_MAX_PAGE_SIZE = 50;
export const SALES_PAGER_WINDOW = 8;

/** Admin ratings table. */
export const RATINGS_PAGE_SIZE = 20;
export const RATINGS_PAGER_WINDOW = 8;

/** Cart limits. */
export const CART_MAX_ITEMS = 50;
export const CART_MAX_UNITS_PER_PRODUCT = 25;
export const CART_MIN_QUANTITY = 1;

/** Text previews and displays. */
export const DESCRIPTION_PREVIEW_LENGTH = 37;
export const STARS_MAX = 5;

/** Home carousel: autoplay delay and slides per view by viewport width (SPEC §2 Home). */
export const CAROUSEL_AUTOPLAY_MS = 2000;
export const CAROUSEL_SLIDES = 5;
/** [max-width in px (exclusive), slides shown] from the widest to the narrowest. */
export const CAROUSEL_BREAKPOINTS: ReadonlyArray<readonly [number, number]> = [
  [1500, 4],
  [1070, 3],
  [800, 2],
  [570, 1],
];

/** Notification timers. */
export const NOTIFY_MS = 2000;
export const NOTIFY_LOGIN_REQUIRED_MS = 3000;
export const NOTIFY_ACCOUNT_DISABLED_MS = 5000;

/**
 * Placeholders that mean "not yet filled" on accounts created by Google sign-in (SPEC §3, §9): stored as
 * the account's phone and address, never shown as if they were real (`knownPhone`, `knownAddress`).
 */
export const PLACEHOLDER_PHONE = '5500000000';
export const PLACEHOLDER_ADDRESS = 'Aun no ha sido asiganada';

/** The largest image the shop takes (the server answers 413 above it). */
export const UPLOAD_MAX_MB = 5;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024;

/** Script chunk load time-out. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Cookie and header names of the CSRF double-submit check. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
