import { withBoundary } from '../ui/IslandBoundary';
import { toggleHideAmounts } from '../../stores/privacy';
import { useHideAmounts } from './useHideAmounts';

/** The "Sembunyikan nominal" switch; every island and `.amount` on the page follows it. */
function PrivacyToggle() {
  const hidden = useHideAmounts();
  return (
    <button
      type="button"
      className="btn btn-secondary privacy-toggle"
      aria-pressed={hidden}
      onClick={toggleHideAmounts}
    >
      <span aria-hidden="true">{hidden ? '◉' : '◎'}</span> Sembunyikan nominal
    </button>
  );
}

export default withBoundary(PrivacyToggle);
