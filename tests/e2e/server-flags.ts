import { SERVER_NODE_FLAGS } from '../../scripts/lib/server-flags.mjs';

/**
 * Node options of every server the e2e suite starts: production's (SERVER_NODE_FLAGS), plus React's
 * production build although the servers run with NODE_ENV=test (tests/e2e/react-production.mjs).
 */
export const E2E_SERVER_NODE_FLAGS = [...SERVER_NODE_FLAGS, '--import', './tests/e2e/react-production.mjs'];

/**
 * For the servers a spec starts for its own stories, which live for seconds to a minute: V8's baseline
 * compiler only for PGlite's WebAssembly (`--liftoff-only`, as the import and jobs CLIs run), so that no
 * CPU goes into optimising code these servers do not run for long. A start and ten pages took 5,0–5,7
 * core-seconds with the default, 3,3–3,7 with it; six specs with servers of their own (33 stories), 198 and
 * 226 → 183 and 188 (docs/performance.md, session 21). The suite's own server, which serves every other
 * story, keeps the default.
 */
export const SPEC_SERVER_WASM_FLAGS = ['--liftoff-only'];

/** E2E_SERVER_NODE_FLAGS with SPEC_SERVER_WASM_FLAGS, for a spec's own `scripts/launch.mjs` servers. */
export const SPEC_SERVER_NODE_FLAGS = [...SPEC_SERVER_WASM_FLAGS, ...E2E_SERVER_NODE_FLAGS];
