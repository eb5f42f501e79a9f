import type { ParameterizedContext } from 'koa';
import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import type { AppState } from '../../api/http/state.ts';
import { idParam, requireUser } from '../../api/http/guards.ts';
import { bodyValidator, queryValidator } from '../../api/validation/validate.ts';
import { invalid, notFound } from '../../api/errors.ts';
import {
  ARTIST_SORT_MESSAGE,
  CLAIM_LOGIN,
  artistPatchRequired,
  artistPatchRules,
  likeRequired,
  likeRules,
  subscriptionRequired,
  subscriptionRules,
  DEFAULT_ARTIST_SORT,
  isArtistSort,
  LIKE_LOGIN,
  NOT_SUBSCRIBED,
  SUBSCRIBE_LOGIN,
  listWindowRules,
} from './rules.ts';
import type { ListWindow } from './paging.ts';
import { requestViewer } from './viewer.ts';

const parseArtistPatch = bodyValidator<{ genre: string }>(artistPatchRules, artistPatchRequired);
const parseLike = bodyValidator<{ like: boolean }>(likeRules, likeRequired);
const parseWindow = queryValidator<ListWindow>(listWindowRules);
const parseSubscription = bodyValidator<{ artistId: number; active?: boolean }>(subscriptionRules, subscriptionRequired);

export function catalogRoutes(router: ApiRouter, kernel: Kernel) {
  const catalog = kernel.services.catalog;
  /** A signed-in viewer (401 otherwise, with this message). */
  const member = (ctx: ParameterizedContext<AppState>, message?: string) => ({ ...requestViewer(ctx), id: requireUser(ctx, message).id });

  // ?q= searches names and genres (the directory's search, case-insensitive); ?sort= orders them
  // (name, popular: distinct listeners over 30 days, streak: longest current drop streak). Every list
  // here answers all its rows, or the window ?limit=&offset= asks for.
  router.get('/artists', async (ctx) => {
    const sort = ctx.query.sort ?? DEFAULT_ARTIST_SORT;
    if (!isArtistSort(sort)) throw invalid(ARTIST_SORT_MESSAGE);
    const window = parseWindow(ctx.query);
    ctx.body = await catalog.artists(requestViewer(ctx), typeof ctx.query.q === 'string' ? ctx.query.q : '', sort, window);
  });
  // Declared before /artists/:id so "featured" is not read as an id.
  router.get('/artists/featured', async (ctx) => {
    ctx.body = await catalog.featuredArtists(requestViewer(ctx));
  });
  router.get('/artists/:id', async (ctx) => {
    ctx.body = await catalog.artist(idParam(ctx.params.id, 'Artist'), requestViewer(ctx));
  });
  router.patch('/artists/:id', async (ctx) => {
    const user = requireUser(ctx);
    const id = idParam(ctx.params.id, 'Artist');
    const { genre } = parseArtistPatch(ctx.request.body);
    ctx.body = await catalog.updateGenre(user, id, genre, requestViewer(ctx));
  });
  router.get('/artists/:id/tracks', async (ctx) => {
    const window = parseWindow(ctx.query);
    ctx.body = await catalog.artistTracks(idParam(ctx.params.id, 'Artist'), requestViewer(ctx), window);
  });
  router.get('/artists/:id/exclusives', async (ctx) => {
    const window = parseWindow(ctx.query);
    ctx.body = await catalog.artistExclusives(idParam(ctx.params.id, 'Artist'), window);
  });

  router.get('/tracks/monthly', async (ctx) => {
    ctx.body = await catalog.monthlyTracks(requestViewer(ctx), parseWindow(ctx.query));
  });
  router.get('/tracks/:id', async (ctx) => {
    ctx.body = await catalog.track(idParam(ctx.params.id, 'Track'), requestViewer(ctx));
  });
  router.post('/tracks/:id/like', async (ctx) => {
    const liker = member(ctx, LIKE_LOGIN);
    const id = idParam(ctx.params.id, 'Track');
    const { like } = parseLike(ctx.request.body);
    ctx.body = await catalog.setLike(liker, id, like);
  });
  router.post('/tracks/:id/listen', async (ctx) => {
    const result = await catalog.recordListen(member(ctx), idParam(ctx.params.id, 'Track'));
    ctx.status = result.counted ? 201 : 200;
    ctx.body = result;
  });

  router.get('/exclusives', async (ctx) => {
    ctx.body = await catalog.exclusives(parseWindow(ctx.query));
  });
  router.post('/exclusives/:id/claim', async (ctx) => {
    const fan = requireUser(ctx, CLAIM_LOGIN);
    ctx.status = 201;
    ctx.body = await catalog.claim(fan.id, idParam(ctx.params.id, 'Exclusive'));
  });

  router.get('/subscriptions/user', async (ctx) => {
    ctx.body = await catalog.subscriptions(requireUser(ctx).id);
  });
  router.post('/subscriptions', async (ctx) => {
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
  });
}
