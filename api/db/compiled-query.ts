import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
} from 'kysely';
import type { ReadDatabase } from '../../schema/read/tables.ts';

/** SQL of one filter shape plus the names of its parameters, in placeholder order. */
export interface CompiledShape {
  sql: string;
  params: readonly string[];
}

/** Stands in for a parameter value while a shape is compiled; `param('cik')` binds values.cik. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Param = (name: string) => any;

export interface ShapeCompiler {
  /** Kysely used only to build and compile SQL; it never touches a database. */
  readonly builder: Kysely<ReadDatabase>;
  /** Compiles `build` once per `shapeKey`; later calls return the cached SQL. */
  shape(shapeKey: string, build: (param: Param) => Compilable): CompiledShape;
  /** The shape compiled under `shapeKey`, if any (lets hot paths skip creating the builder closure). */
  cached(shapeKey: string): CompiledShape | undefined;
}

const MARKER = '\u0000param:';

export function createShapeCompiler(): ShapeCompiler {
  const builder = new Kysely<ReadDatabase>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  const shapes = new Map<string, CompiledShape>();
  return {
    builder,
    cached: (shapeKey) => shapes.get(shapeKey),
    shape(shapeKey, build) {
      let shape = shapes.get(shapeKey);
      if (!shape) {
        const compiled = build((name) => MARKER + name).compile();
        const params = compiled.parameters.map((value) => {
          // A literal would be frozen into the cached SQL for every later request of this shape.
          if (typeof value !== 'string' || !value.startsWith(MARKER)) {
            throw new Error(`shape ${shapeKey} compiled a literal parameter; use param()`);
          }
          return value.slice(MARKER.length);
        });
        shape = { sql: compiled.sql, params };
        shapes.set(shapeKey, shape);
      }
      return shape;
    },
  };
}

/** Parameter values in the order the compiled SQL expects them. */
export function bind(shape: CompiledShape, values: Record<string, unknown>): unknown[] {
  return shape.params.map((name) => values[name]);
}
