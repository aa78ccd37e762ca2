/**
 * Node options of the serving process, given on its command line (V8 sizes its heap when the process
 * starts, so the server cannot set them itself): `npm start` and `npm run serve` in package.json, and
 * everything that starts the server as they do (the e2e servers, `npm run bench:web`), use these.
 *
 * --max-semi-space-size=16: under load V8 grows the young generation to 64 MB per semi-space and
 * keeps it; 16 MB serves as many requests per second (measured with `npm run bench:web`) for about
 * 100 MB less memory.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];

/**
 * Environment of the serving process, for the C library, which reads it before Node starts (so in
 * package.json's scripts too, before `node`).
 *
 * MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (V8's compiler and collector threads, the
 * libuv pool) an arena of its own, up to 8 per core, which keep their freed memory; two arenas keep the
 * server about 36 MB smaller after start (issue 29, decision 0030), the serving thread being one.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
