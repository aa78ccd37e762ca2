/**
 * Valuation island of an emiten analysis: PER band, PBV band (from the price and fundamentals history)
 * and the DCF calculator. Receives only public market data and the analyst's DCF assumptions.
 */
import { withBoundary } from '../ui/IslandBoundary';
import { BandChart } from './BandChart';
import type { ValuationView } from '../../lib/island-props';
import { DcfCalculator } from './DcfCalculator';
import './research.css';

function ValuationPanel({ close, per, pbv, dcf, dcfSource, fairValue }: ValuationView) {
  return (
    <div className="valuation">
      <div className="grid grid-2">
        <BandChart kind="PER" band={per} />
        <BandChart kind="PBV" band={pbv} />
      </div>
      {dcf ? (
        <DcfCalculator defaults={dcf} source={dcfSource} close={close} fairValue={fairValue} />
      ) : (
        <p className="muted small">
          Kalkulator DCF tidak tersedia: laba 4 kuartal terakhir emiten ini negatif dan analis tidak menyertakan asumsi
          DCF.
        </p>
      )}
    </div>
  );
}

export default withBoundary(ValuationPanel);
