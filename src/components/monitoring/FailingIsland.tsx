/**
 * An island that always fails while loading, for the e2e story of an island error reaching monitoring.
 * Only /uji-monitoring renders it, and that page exists only when NODE_ENV=test.
 */
import { withBoundary } from '../ui/IslandBoundary';

function FailingIsland(): never {
  throw new Error('Uji monitoring: island ini sengaja gagal dimuat');
}

export default withBoundary(FailingIsland);
