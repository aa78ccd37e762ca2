import { SERVER_NODE_FLAGS } from '../../scripts/lib/server-flags.mjs';

/**
 * Node options of every server the e2e suite starts: production's (SERVER_NODE_FLAGS), plus React's
 * production build although the servers run with NODE_ENV=test (tests/e2e/react-production.mjs).
 */
export const E2E_SERVER_NODE_FLAGS = [...SERVER_NODE_FLAGS, '--import', './tests/e2e/react-production.mjs'];
