/** A D1 binding that fails like a database in trouble, to test how failures surface. */
export function brokenDb(message: string): D1Database {
  const fail = () => {
    throw new Error(message);
  };
  return { prepare: fail, batch: fail, exec: fail } as unknown as D1Database;
}
