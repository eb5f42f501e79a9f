import { Model, type Pojo } from 'objection';

/**
 * Both SQLite and MySQL hand booleans back as 0/1, so subclasses list their boolean properties and
 * every read converts them: JSON types stay exact on both databases. (camelCase ↔ snake_case is
 * done for every query by the knex config in connection.ts.)
 */
export class BaseModel extends Model {
  static booleanColumns: string[] = [];

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
