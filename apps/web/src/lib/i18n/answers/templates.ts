/**
 * The server's answers with figures in them, found by their templates (docs/i18n.md, "What the
 * server says"): the id `answers.Minimum stake is {min}` matches "Minimum stake is ₹100.00" with
 * `min` = "₹100.00". Loaded with the answers' Hindi catalogue, never in English.
 */

/** A template's placeholder: `{min}`, `{what}`. */
const PLACEHOLDER = /\{([a-z_]+)\}/g;
const PREFIX = 'answers.';
/** Longer answers are not matched (a template's capture is not run over a page of text). */
const ANSWER_MAX_CHARS = 500;

export type TemplateMatch = { readonly id: string; readonly values: Readonly<Record<string, string>> };
export type MatchTemplate = (ids: readonly string[], message: string) => TemplateMatch | null;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A template id as a pattern: its text as written, each `{name}` a captured run of characters. */
export function templatePattern(id: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = id
    .slice(PREFIX.length)
    .split(PLACEHOLDER)
    .map((part, i) => {
      if (i % 2 === 0) return escape(part);
      names.push(part);
      return '(.+?)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`, 's'), names };
}

/** The first of `ids`' answer templates that `message` fits, with the values it carries. */
export const matchTemplate: MatchTemplate = (ids, message) => {
  if (message.length > ANSWER_MAX_CHARS) return null;
  for (const id of ids) {
    if (!id.startsWith(PREFIX) || !id.includes('{')) continue;
    const { pattern, names } = templatePattern(id);
    const m = pattern.exec(message);
    if (m) return { id, values: Object.fromEntries(names.map((name, i) => [name, m[i + 1]!])) };
  }
  return null;
};
