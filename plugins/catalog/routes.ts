import type { ParameterizedContext } from 'koa';
import { described } from '../../api/openapi/routes.ts';
import { arrayOf, boolean, integer, object } from '../../api/openapi/schema.ts';
import { Artist, Exclusive, Subscription, Track } from './schemas.ts';
import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import type { AppState } from '../../api/http/state.ts';
import { idParam, requireUser } from '../../api/http/guards.ts';
import { bodyValidator, queryValidator } from '../../api/validation/validate.ts';
import { invalid, notFound } from '../../api/errors.ts';
import type { FieldRules } from '../../api/validation/rules.ts';
import {
  ARTIST_SORT_MESSAGE,
  ARTIST_SORTS,
  CLAIM_LOGIN,
  artistPatchRequired,
  artistPatchRules,
  likeRequired,
  likeRules,
  subscriptionRequired,
  subscriptionRules,
  DEFAULT_ARTIST_SORT,
  isArtistSort,
  NOT_SUBSCRIBED,
  SUBSCRIBE_LOGIN,
  listWindowRules,
} from './rules.ts';
import type { ListWindow } from './paging.ts';
import { LIKE_LOGIN } from '../../lib/playerTrack.ts';
import { requestViewer } from './viewer.ts';
import { PROFILE_CHANGES_ERROR } from '../accounts/rules.ts';

const parseArtistPatch = bodyValidator<{ genre: string }>(artistPatchRules, artistPatchRequired);
const parseLike = bodyValidator<{ like: boolean }>(likeRules, likeRequired);
const parseWindow = queryValidator<ListWindow>(listWindowRules);
const parseSubscription = bodyValidator<{ artistId: number; active?: boolean }>(
  subscriptionRules,
  subscriptionRequired,
);
/** The directory's own query fields, read by hand (any text searches; a sort outside the list is refused). */
const artistListQuery: FieldRules = {
  q: { label: 'Search in names and genres', type: 'string' },
  sort: { label: 'Order', type: 'string', enum: ARTIST_SORTS, messages: { enum: ARTIST_SORT_MESSAGE } },
};

export function catalogRoutes(router: ApiRouter, kernel: Kernel) {
  const api = described(router);
  const catalog = kernel.services.catalog;
  /** A signed-in viewer (401 otherwise, with this message). */
  const member = (ctx: ParameterizedContext<AppState>, message?: string) => ({
    ...requestViewer(ctx),
    id: requireUser(ctx, message).id,
  });

  // ?q= searches names and genres (the directory's search, case-insensitive); ?sort= orders them
  // (name, popular: distinct listeners over 30 days, streak: longest current drop streak). Every list
  // here answers all its rows, or the window ?limit=&offset= asks for.
  api.get(
    '/artists',
    {
      summary: 'The artist directory: every artist, or the window asked for',
      description:
        'Searched by name or genre with `q` (case-insensitive), ordered by `sort`: ' +
        'name (A-Z), popular (distinct listeners over 30 days) or streak (longest ' +
        'current drop streak).',
      query: [artistListQuery, parseWindow],
      responses: { 200: arrayOf(Artist) },
    },
    async (ctx) => {
      const sort = ctx.query.sort ?? DEFAULT_ARTIST_SORT;
      if (!isArtistSort(sort)) throw invalid(ARTIST_SORT_MESSAGE);
      const window = parseWindow(ctx.query);
      ctx.body = await catalog.artists(
        requestViewer(ctx),
        typeof ctx.query.q === 'string' ? ctx.query.q : '',
        sort,
        window,
      );
    },
  );
  // Declared before /artists/:id so "featured" is not read as an id.
  api.get(
    '/artists/featured',
    { summary: 'The artists the home page features', responses: { 200: arrayOf(Artist) } },
    async (ctx) => {
      ctx.body = await catalog.featuredArtists(requestViewer(ctx));
    },
  );
  api.get(
    '/artists/:id',
    {
      summary: 'One artist, with the last months of their drop record',
      responses: { 200: Artist },
      errors: { 410: 'the artist has left OneTrack' },
    },
    async (ctx) => {
      ctx.body = await catalog.artist(idParam(ctx.params.id, 'Artist'), requestViewer(ctx));
    },
  );
  api.patch(
    '/artists/:id',
    {
      summary: 'Change the own artist profile’s genre',
      session: 'required',
      body: parseArtistPatch,
      responses: { 200: Artist },
      errors: { 403: 'another artist’s profile', 429: PROFILE_CHANGES_ERROR },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = idParam(ctx.params.id, 'Artist');
      const { genre } = parseArtistPatch(ctx.request.body);
      ctx.body = await catalog.updateGenre(user, id, genre, requestViewer(ctx));
    },
  );
  api.get(
    '/artists/:id/tracks',
    {
      summary: 'An artist’s tracks that are out for the viewer, newest first',
      query: parseWindow,
      responses: { 200: arrayOf(Track) },
      errors: { 410: 'the artist has left OneTrack' },
    },
    async (ctx) => {
      const window = parseWindow(ctx.query);
      ctx.body = await catalog.artistTracks(idParam(ctx.params.id, 'Artist'), requestViewer(ctx), window);
    },
  );
  api.get(
    '/artists/:id/exclusives',
    {
      summary: 'An artist’s exclusives',
      query: parseWindow,
      responses: { 200: arrayOf(Exclusive) },
      errors: { 410: 'the artist has left OneTrack' },
    },
    async (ctx) => {
      const window = parseWindow(ctx.query);
      ctx.body = await catalog.artistExclusives(idParam(ctx.params.id, 'Artist'), window);
    },
  );

  api.get(
    '/tracks/monthly',
    {
      summary: 'This month’s drops that are out for the viewer',
      query: parseWindow,
      responses: { 200: arrayOf(Track) },
    },
    async (ctx) => {
      ctx.body = await catalog.monthlyTracks(requestViewer(ctx), parseWindow(ctx.query));
    },
  );
  api.get(
    '/tracks/:id',
    {
      summary: 'One track that is out for the viewer',
      responses: { 200: Track },
      errors: { 410: 'the track was taken down, or its artist has left OneTrack' },
    },
    async (ctx) => {
      ctx.body = await catalog.track(idParam(ctx.params.id, 'Track'), requestViewer(ctx));
    },
  );
  api.post(
    '/tracks/:id/like',
    {
      summary: 'Like or unlike a track',
      session: 'required',
      login: LIKE_LOGIN,
      body: parseLike,
      responses: { 200: Track },
      errors: { 410: 'the track was taken down, or its artist has left OneTrack' },
    },
    async (ctx) => {
      const liker = member(ctx, LIKE_LOGIN);
      const id = idParam(ctx.params.id, 'Track');
      const { like } = parseLike(ctx.request.body);
      ctx.body = await catalog.setLike(liker, id, like);
    },
  );
  api.post(
    '/tracks/:id/listen',
    {
      summary: 'Count a listen (one per listener, track and half hour)',
      session: 'required',
      responses: { 200: object({ counted: boolean }), 201: object({ counted: boolean }) },
      errors: { 410: 'the track was taken down, or its artist has left OneTrack' },
    },
    async (ctx) => {
      const result = await catalog.recordListen(member(ctx), idParam(ctx.params.id, 'Track'));
      ctx.status = result.counted ? 201 : 200;
      ctx.body = result;
    },
  );

  api.get(
    '/exclusives',
    { summary: 'Every artist’s exclusives', query: parseWindow, responses: { 200: arrayOf(Exclusive) } },
    async (ctx) => {
      ctx.body = await catalog.exclusives(parseWindow(ctx.query));
    },
  );
  api.post(
    '/exclusives/:id/claim',
    {
      summary: 'Claim the next number of a numbered collectible (subscribers only)',
      session: 'required',
      login: CLAIM_LOGIN,
      responses: {
        201: object({ exclusiveId: integer, number: integer, remaining: integer, totalAvailable: integer }),
      },
      errors: {
        400: 'not a numbered collectible',
        403: 'not subscribed to its artist',
        409: 'already claimed, or none left',
      },
    },
    async (ctx) => {
      const fan = requireUser(ctx, CLAIM_LOGIN);
      ctx.status = 201;
      ctx.body = await catalog.claim(fan.id, idParam(ctx.params.id, 'Exclusive'));
    },
  );

  api.get(
    '/subscriptions/user',
    { summary: 'The artists the caller subscribes to', session: 'required', responses: { 200: arrayOf(Subscription) } },
    async (ctx) => {
      ctx.body = await catalog.subscriptions(requireUser(ctx).id);
    },
  );
  api.post(
    '/subscriptions',
    {
      summary:
        'Subscribe to an artist (201 when new, 200 when already subscribed), or end a ' +
        'subscription with active: false (200)',
      session: 'required',
      login: SUBSCRIBE_LOGIN,
      body: parseSubscription,
      responses: { 200: Subscription, 201: Subscription },
      errors: {
        410: 'the artist has left OneTrack',
        403: 'one’s own artist profile',
        404: 'no such artist, or (active: false) no subscription to end',
      },
    },
    async (ctx) => {
      const user = requireUser(ctx, SUBSCRIBE_LOGIN);
      const { artistId, active } = parseSubscription(ctx.request.body);
      // active: false (spec §7's field) unsubscribes.
      if (active === false) {
        const ended = await catalog.unsubscribe(user.id, artistId);
        if (!ended) throw notFound(NOT_SUBSCRIBED);
        ctx.body = ended;
        return;
      }
      const { subscription, created } = await catalog.subscribe(user.id, artistId);
      ctx.status = created ? 201 : 200;
      ctx.body = subscription;
    },
  );
}
