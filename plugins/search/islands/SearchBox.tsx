import { navigate } from 'astro:transitions/client';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Icon } from '../../../site/components/Icon.tsx';
import type { Suggestions } from '../service.ts';
import { QUERY_MAX_LENGTH, queryTerms, SUGGEST_DEBOUNCE_MS } from '../rules.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { currentLocale, localeHref } from '../../../lib/i18n/runtime.ts';

// The top bar's search: a GET form to /search with an uncontrolled field, which works as it is
// without JavaScript and before the top bar hydrated (`data-native-submit`: nothing holds it), and
// once hydrated an ARIA 1.2 combobox with suggestions from the server while typing: asked
// SUGGEST_DEBOUNCE_MS after the last key, an answer that a newer keystroke made stale is aborted.
// Arrow keys move through the options, Enter opens the chosen one or the search page, Escape closes.

interface Option {
  key: string;
  href: string;
  label: string;
  detail: string;
  image?: string;
  round?: boolean;
}

const searchHref = (text: string) => localeHref(`/search?q=${encodeURIComponent(text)}`);

export default function SearchBox() {
  const [query, setQuery] = useState('');
  const [suggestions, setSuggestions] = useState<Suggestions | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inFlight = useRef<AbortController | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const listId = useId();
  const text = query.trim();

  // What was typed before the top bar hydrated is the field's (uncontrolled): its suggestions show
  // as if typed now, if the visitor is still in the field.
  useEffect(() => {
    const typed = field.current!.value;
    if (!typed) return;
    setQuery(typed);
    setOpen(document.activeElement === field.current);
  }, []);

  useEffect(() => {
    if (!queryTerms(text).length) {
      setSuggestions(null);
      return;
    }
    const timer = setTimeout(() => {
      const controller = new AbortController();
      inFlight.current = controller;
      fetch(`/api/search/suggestions?q=${encodeURIComponent(text)}`, {
        signal: controller.signal,
        credentials: 'include',
        headers: { Accept: 'application/json', 'Accept-Language': currentLocale() },
      })
        .then((res) => (res.ok ? (res.json() as Promise<Suggestions>) : null))
        .then((found) => {
          setSuggestions(found);
          setActive(-1);
        })
        .catch(() => undefined);
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      inFlight.current?.abort();
    };
  }, [text]);

  const options: Option[] =
    suggestions && text
      ? [
          ...suggestions.artists.map((a) => ({
            key: `a${a.id}`,
            href: localeHref(`/artist/${a.id}`),
            label: a.name,
            detail: m.search_box_artist(),
            image: a.profileImage,
            round: true,
          })),
          ...suggestions.tracks.map((t) => ({
            key: `t${t.id}`,
            href: localeHref(`/tracks/${t.id}`),
            label: t.title,
            detail: t.artist,
            image: t.coverImage,
          })),
          {
            key: 'all',
            href: searchHref(text),
            label: m.search_box_all({ text }),
            detail: m.search_box_all_detail(),
          },
        ]
      : [];
  const expanded = open && options.length > 0;
  const optionId = (i: number) => `${listId}-${options[i].key}`;

  const go = (href: string) => {
    setOpen(false);
    void navigate(href);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = field.current!.value.trim();
    if (typed) go(searchHref(typed));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!options.length) return;
      event.preventDefault();
      setOpen(true);
      const n = options.length;
      const down = event.key === 'ArrowDown';
      setActive((i) => (!expanded || i < 0 ? (down ? 0 : n - 1) : (i + (down ? 1 : n - 1)) % n));
    } else if (event.key === 'Enter' && expanded && active >= 0 && active < options.length) {
      event.preventDefault();
      go(options[active].href);
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else {
        field.current!.value = '';
        setQuery('');
      }
    }
  };

  const status =
    !text || !suggestions ? '' : m.search_box_status({ count: suggestions.artists.length + suggestions.tracks.length });

  return (
    <form
      className="topbar-search"
      role="search"
      aria-label={m.search_box_form()}
      method="get"
      action={localeHref('/search')}
      onSubmit={onSubmit}
      data-native-submit
    >
      <Icon name="search" size={18} className="topbar-search-icon" />
      <input
        ref={field}
        type="search"
        name="q"
        className="form-control"
        placeholder={m.search_box_placeholder()}
        aria-label={m.search_box_placeholder()}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 && active < options.length ? optionId(active) : undefined}
        autoComplete="off"
        maxLength={QUERY_MAX_LENGTH}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      {/* A phone's field is too narrow for the whole placeholder: this shorter one shows there instead. */}
      <span className="topbar-search-short" aria-hidden="true">
        {m.search_placeholder_short()}
      </span>
      <ul
        id={listId}
        role="listbox"
        aria-label={m.search_box_suggestions()}
        className="search-suggestions"
        hidden={!expanded}
      >
        {options.map((option, i) => (
          <li
            key={option.key}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={`search-suggestion${i === active ? ' active' : ''}`}
            // Keeps the focus in the input, so the click lands before the list closes on blur.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => go(option.href)}
          >
            {option.image ? (
              <img
                src={option.image}
                alt=""
                width={36}
                height={36}
                className={`search-suggestion-image${option.round ? ' round' : ''}`}
              />
            ) : (
              <Icon name="search" size={18} className="search-suggestion-icon" />
            )}
            <span className="search-suggestion-text">
              <span className="search-suggestion-label">{option.label}</span>
              <span className="search-suggestion-detail">{option.detail}</span>
            </span>
          </li>
        ))}
      </ul>
      <span className="visually-hidden" role="status">
        {status}
      </span>
    </form>
  );
}
