/** Text matched literally inside a query's regular expression (a search box, a slug). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern finding `text` anywhere, without regard to case, every character taken literally. */
export const containsText = (text: string) => new RegExp(escapeRegExp(text.trim()), 'i');
