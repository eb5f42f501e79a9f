import { Model, snakeCaseMappers, type Pojo } from 'objection';

/**
 * Columns are snake_case in SQL and camelCase in code. Both SQLite and MySQL hand booleans back
 * as 0/1 and MySQL may hand counts back as strings, so subclasses list their boolean columns and
 * every read converts them: JSON types stay exact on both databases.
 */
export class BaseModel extends Model {
  static booleanColumns: string[] = [];

  static get columnNameMappers() {
    return snakeCaseMappers();
  }

  $parseDatabaseJson(json: Pojo): Pojo {
    const parsed = super.$parseDatabaseJson(json);
    for (const column of (this.constructor as typeof BaseModel).booleanColumns) {
      if (column in parsed && parsed[column] !== null) parsed[column] = Boolean(parsed[column]);
    }
    return parsed;
  }

  $formatDatabaseJson(json: Pojo): Pojo {
    const formatted = super.$formatDatabaseJson(json);
    for (const [key, value] of Object.entries(formatted)) {
      if (typeof value === 'boolean') formatted[key] = value ? 1 : 0;
    }
    return formatted;
  }
}
