/**
 * Size limits shared by the server and the islands that check a file before sending it.
 * The server enforces them in `src/server/http/body-limits.ts`; islands only warn early.
 */

/** Largest transaction CSV accepted per import, in bytes. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** Shown when an import file passes IMPORT_MAX_BYTES. */
export const IMPORT_TOO_LARGE = 'Berkas terlalu besar; paling besar 5 MB per impor.';
