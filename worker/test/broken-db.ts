/** A D1 binding that fails like a database in trouble, to test how failures surface; its sessions fail the same way. */
export function brokenDb(message: string): D1Database {
  const fail = () => {
    throw new Error(message);
  };
  const broken = { prepare: fail, batch: fail, exec: fail, withSession: () => ({ prepare: fail, batch: fail, getBookmark: () => null }) };
  return broken as unknown as D1Database;
}
