/** The shop's locale, Mexican Spanish: every date and amount is written as it is there. */
export const LOCALE = 'es-MX';
