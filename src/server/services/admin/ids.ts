const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a well-formed uuid (PostgreSQL refuses to compare anything else with a uuid column). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
