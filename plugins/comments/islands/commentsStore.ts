import { map } from 'nanostores';
import type { CommentJson } from '../service.ts';

/**
 * The comments of the tracks on this page, by track: the strip along the waveform and the list
 * show the same ones, so a comment posted, pinned or hidden in the list moves the strip too.
 */
export const $comments = map<Record<string, CommentJson[]>>({});

export const setComments = (trackId: number, comments: CommentJson[]) => $comments.setKey(String(trackId), comments);
