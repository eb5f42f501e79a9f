import type { Knex } from 'knex';
import { isMysql } from '../../../api/db/connection.ts';

// The search index of tracks (title, artist name, genre) and artists (name, genre), in what each
// database does best.
//
// SQLite: FTS5 with the unicode61 tokenizer folding case and diacritics ("Zoë" finds "zoe") and
// prefix indexes for as-you-type queries, kept by triggers. Artists are an external-content table
// over `artists`. A track's document joins two tables (its artist's name and genre), so its 'delete'
// could not always repeat the old values an external-content table needs (an artist deleted with
// its tracks): tracks are a contentless table that deletes by rowid instead (contentless_delete).
//
// MariaDB/MySQL: FULLTEXT indexes on the same columns; utf8mb4_unicode_ci folds case and accents.
// They are built without the stopword list (so "the" in "The Old Pines" is a word like any other);
// words shorter than the server's innodb_ft_min_token_size are searched with LIKE (service.ts).

const TOKENIZE = "tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'";

/** Track documents: the row's title, its artist's name, its own genre and its artist's. */
const DOC_COLUMNS = "t.id, t.title, a.name, trim(coalesce(t.genre, '') || ' ' || coalesce(a.genre, ''))";
const INSERT_DOCS =
  `insert into search_tracks(rowid, title, artist, genre) select ${DOC_COLUMNS} ` +
  `from tracks t join artists a on a.id = t.artist_id`;

const SQLITE_UP = [
  `create virtual table search_artists using fts5(name, genre, content = 'artists', content_rowid = 'id', ${TOKENIZE})`,
  `create virtual table search_tracks using fts5(title, artist, genre, content = ` +
    `'', contentless_delete = 1, ${TOKENIZE})`,
  `create trigger search_artists_ai after insert on artists begin
     insert into search_artists(rowid, name, genre) values (new.id, new.name, new.genre);
   end`,
  `create trigger search_artists_ad after delete on artists begin
     insert into search_artists(search_artists, rowid, name, genre) values ('delete', old.id, old.name, old.genre);
   end`,
  `create trigger search_artists_au after update of name, genre on artists begin
     insert into search_artists(search_artists, rowid, name, genre) values ('delete', old.id, old.name, old.genre);
     insert into search_artists(rowid, name, genre) values (new.id, new.name, new.genre);
     delete from search_tracks where rowid in (select id from tracks where artist_id = new.id);
     ${INSERT_DOCS} where t.artist_id = new.id;
   end`,
  `create trigger search_tracks_ai after insert on tracks begin
     ${INSERT_DOCS} where t.id = new.id;
   end`,
  `create trigger search_tracks_ad after delete on tracks begin
     delete from search_tracks where rowid = old.id;
   end`,
  `create trigger search_tracks_au after update of title, genre, artist_id on tracks begin
     delete from search_tracks where rowid = old.id;
     ${INSERT_DOCS} where t.id = new.id;
   end`,
  `insert into search_artists(search_artists) values ('rebuild')`,
  INSERT_DOCS,
];

export async function up(knex: Knex): Promise<void> {
  if (isMysql(knex)) {
    // Index-time setting: these indexes keep every word, stopwords included.
    await knex.raw('set session innodb_ft_enable_stopword = 0');
    await knex.raw('alter table tracks add fulltext index tracks_search (title, genre)');
    await knex.raw('alter table artists add fulltext index artists_search (name, genre)');
    return;
  }
  for (const statement of SQLITE_UP) await knex.raw(statement);
}

export async function down(knex: Knex): Promise<void> {
  if (isMysql(knex)) {
    await knex.raw('alter table tracks drop index tracks_search');
    await knex.raw('alter table artists drop index artists_search');
    return;
  }
  for (const name of [
    'search_artists_ai',
    'search_artists_ad',
    'search_artists_au',
    'search_tracks_ai',
    'search_tracks_ad',
    'search_tracks_au',
  ]) {
    await knex.raw(`drop trigger if exists ${name}`);
  }
  await knex.raw('drop table if exists search_tracks');
  await knex.raw('drop table if exists search_artists');
}
