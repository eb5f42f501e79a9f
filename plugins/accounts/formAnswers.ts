import type { ParameterizedContext } from 'koa';
import type { AppState } from '../../api/http/state.ts';
import { AppError } from '../../api/errors.ts';
import { DEFAULT_LOCALE, localePath, splitLocalePath } from '../../lib/i18n/locales.ts';
import { LOGIN_FAILED_PARAM, NEXT_PARAM, safeNextPath } from '../../lib/nextPath.ts';

/** Reads a field of a form posted without JavaScript: its text, or undefined. */
export type FormText = (name: string) => string | undefined;

export interface FormAnswer {
  /** The form's page (`/login`): where a refusal goes back to, in the language of the form's `back`. */
  page: string;
  /** Parameters a refusal keeps besides its kind (the Register tab). */
  keep?: Record<string, string>;
  /** Where a success goes (a path without language), given the form's `next` if it is safe. */
  done: (next: string | null) => string;
}

/**
 * Answers a form of a page posted without JavaScript (or before its island hydrated) to a route in
 * the manifest's `formBodies`: 303 on to `done`, or back to the page with the error kind (`failed`),
 * a kind and never a text, so nothing typed reaches a URL. `act` gets the form's text fields and
 * throws what the JSON answer would, having checked them by the same rules.
 */
export async function answerForm(
  ctx: ParameterizedContext<AppState>,
  { page, keep = {}, done }: FormAnswer,
  act: (text: FormText) => Promise<void>,
): Promise<void> {
  const form = ctx.request.body as Record<string, unknown>;
  const text: FormText = (name) => (typeof form[name] === 'string' ? (form[name] as string) : undefined);
  // Only the form's language is taken from `back`: the path is the route's own (no open redirect).
  const locale = splitLocalePath(text('back') ?? page).locale ?? DEFAULT_LOCALE;
  const next = safeNextPath(text(NEXT_PARAM));
  ctx.status = 303;
  try {
    await act(text);
    ctx.redirect(localePath(locale, done(next)));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const query = new URLSearchParams(keep);
    query.set(LOGIN_FAILED_PARAM, error.kind);
    if (next) query.set(NEXT_PARAM, next);
    ctx.redirect(`${localePath(locale, page)}?${query}`);
  }
}
