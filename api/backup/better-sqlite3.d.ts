// The parts of better-sqlite3's API the backup uses (knex drives it elsewhere; the package ships no types).
declare module 'better-sqlite3' {
  namespace Database {
    interface Statement {
      pluck(): Statement;
      all(...params: unknown[]): unknown[];
      get(...params: unknown[]): unknown;
    }
    interface Database {
      prepare(sql: string): Statement;
      pragma(sql: string, options?: { simple?: boolean }): unknown;
      backup(
        filename: string,
        options?: { progress?: (info: { totalPages: number; remainingPages: number }) => number | void },
      ): Promise<unknown>;
      close(): void;
    }
  }
  const Database: new (
    filename: string,
    options?: { readonly?: boolean; fileMustExist?: boolean },
  ) => Database.Database;
  export default Database;
}
