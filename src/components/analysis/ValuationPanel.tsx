/**
 * Valuation island of an emiten analysis: PER band, PBV band (from the price and fundamentals history)
 * and the DCF calculator. Receives only public market data and the analyst's DCF assumptions.
 */
import type { DcfInput } from '../../domain/dcf';
import { withBoundary } from '../ui/IslandBoundary';
import { BandChart } from './BandChart';
import type { BandData } from '../../lib/island-props';
import { DcfCalculator } from './DcfCalculator';
import './research.css';

interface Props {
  close: number;
  per: BandData;
  pbv: BandData;
  dcf: DcfInput | null;
  dcfSource: 'analis' | 'data';
  fairValue: number | null;
}

function ValuationPanel({ close, per, pbv, dcf, dcfSource, fairValue }: Props) {
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
