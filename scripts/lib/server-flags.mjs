/**
 * Node options of the serving process, given on its command line (V8 sizes its heap when the process
 * starts, so the server cannot set them itself): `npm start` and `npm run serve` in package.json, and
 * everything that starts the server as they do (the e2e servers, `npm run bench:web`), use these.
 *
 * --max-semi-space-size=16: under load V8 grows the young generation to 64 MB per semi-space and
 * keeps it; 16 MB serves as many requests per second (measured with `npm run bench:web`) for about
 * 100 MB less memory.
 *
 * --max-old-space-size=768: V8 lets the old generation grow to a multiple of what is live before its
 * next full collection, and takes that multiple from the heap's limit: up to 4× with the limit it
 * derives from a large machine's memory (4 GB here), about 1.5× under 768 MB. The serving process
 * holds about 65 MB live at market scale (issue 29, decision 0050): 452 → 339 MB RSS after
 * `npm run bench:web`'s load, the same rates. The limit is ten times what is live; a server that
 * reached it would have a leak to find.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--max-old-space-size=768'];

/**
 * Environment of the serving process, for the C library, which reads it before Node starts (so in
 * package.json's scripts too, before `node`).
 *
 * MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (V8's compiler and collector threads, the
 * libuv pool) an arena of its own, up to 8 per core, which keep their freed memory; two arenas keep the
 * server about 36 MB smaller after start (issue 29, decision 0030), the serving thread being one.
 *
 * MALLOC_MMAP_THRESHOLD_=131072: every allocation of 128 KB or more gets pages of its own, given back when it is
 * freed. Without it glibc raises that threshold to the size of each large block freed (up to 32 MB), after
 * which such blocks come from the arenas, whose freed middle is never given back: the embedded server held
 * 391 MB after `npm run bench:soak`'s first 20 minutes, 357 MB with it (decision 0061).
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };
