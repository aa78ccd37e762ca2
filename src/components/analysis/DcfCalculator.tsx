/**
 * The reader's DCF calculator: the analyst's assumptions as defaults, every one editable, the fair value
 * per share and its upside against the last close recomputed as the reader types. Part of the valuation
 * island; without JavaScript it shows the result of the defaults.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { dcf, DcfError, type DcfInput } from '../../domain/dcf';
import { formatPercent, formatRupiah } from '../../lib/format';
import { Alert } from '../ui/Alert';
import { isAmbiguousComma, parseIdNumber } from '../../lib/numbers';
import { formatNumber } from '../../lib/format';

interface Props {
  defaults: DcfInput;
  source: 'analis' | 'data';
  close: number;
  fairValue: number | null;
}

type Field = keyof DcfInput;
type Draft = Record<Field, string>;

const FIELDS: { key: Field; label: string; unit: string; percent: boolean; step: string; hint: string }[] = [
  {
    key: 'fcfPerShare',
    label: 'Arus kas bebas per saham',
    unit: 'Rp',
    percent: false,
    step: 'any',
    hint: 'Tahun dasar.',
  },
  {
    key: 'growth',
    label: 'Pertumbuhan per tahun',
    unit: '%',
    percent: true,
    step: 'any',
    hint: 'Selama masa pertumbuhan.',
  },
  { key: 'years', label: 'Masa pertumbuhan', unit: 'tahun', percent: false, step: '1', hint: '1–30 tahun.' },
  {
    key: 'discountRate',
    label: 'Tingkat diskonto',
    unit: '%',
    percent: true,
    step: 'any',
    hint: 'Biaya ekuitas yang Anda minta.',
  },
  {
    key: 'terminalGrowth',
    label: 'Pertumbuhan terminal',
    unit: '%',
    percent: true,
    step: 'any',
    hint: 'Setelah masa pertumbuhan, selamanya.',
  },
];

// Percent inputs are shown ×100 and rounded so that 0.105 appears as 10,5, not 10,500000000000002;
// decimals are written with a comma, as Indonesian readers write them.
const toDraft = (i: DcfInput): Draft =>
  Object.fromEntries(
    FIELDS.map((f) => [f.key, String(f.percent ? Math.round(i[f.key] * 1e6) / 1e4 : i[f.key]).replace('.', ',')]),
  ) as Draft;

/** `7,5` and `7.5` both read as 7,5 (and `1.250` as 1 250); what cannot be read becomes NaN. */
function fromDraft(d: Draft): DcfInput {
  const n = (f: (typeof FIELDS)[number]) => {
    const v = parseIdNumber(d[f.key]) ?? Number.NaN;
    return f.percent ? v / 100 : v;
  };
  return Object.fromEntries(FIELDS.map((f) => [f.key, n(f)])) as unknown as DcfInput;
}

export function DcfCalculator({ defaults, source, close, fairValue }: Props) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(defaults));
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  // A reader on a slow phone may type into the server-rendered fields before the island wakes up:
  // take over what is in them then, instead of computing with the defaults.
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    const typed = Object.fromEntries(
      FIELDS.map((f) => [f.key, (el.elements.namedItem(f.key) as HTMLInputElement | null)?.value ?? '']),
    ) as Draft;
    setDraft((d) => (FIELDS.some((f) => typed[f.key] !== d[f.key]) ? typed : d));
  }, []);
  const outcome = useMemo(() => {
    try {
      return { result: dcf(fromDraft(draft)) };
    } catch (e) {
      if (e instanceof DcfError) return { error: e };
      throw e;
    }
  }, [draft]);
  const changed = JSON.stringify(draft) !== JSON.stringify(toDraft(defaults));

  return (
    <section className="dcf" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>Kalkulator DCF</h3>
      <p className="muted small">
        {source === 'analis'
          ? 'Nilai awal adalah asumsi analis. Ubah angka mana pun untuk menguji skenario Anda sendiri.'
          : 'Analisis ini tidak menyertakan asumsi DCF; nilai awal memakai EPS 4 kuartal terakhir sebagai arus kas bebas. Sesuaikan dengan pandangan Anda.'}
      </p>
      <form ref={form} className="dcf-form" onSubmit={(e) => e.preventDefault()} noValidate>
        {FIELDS.map((f) => {
          const invalid = 'error' in outcome && outcome.error?.field === f.key;
          return (
            <div className="field" key={f.key}>
              <label htmlFor={`${id}-${f.key}`}>
                {f.label} <span className="muted small">({f.unit})</span>
              </label>
              <input
                id={`${id}-${f.key}`}
                name={f.key}
                type="text"
                inputMode={f.step === '1' ? 'numeric' : 'decimal'}
                autoComplete="off"
                value={draft[f.key]}
                aria-invalid={invalid || undefined}
                aria-describedby={`${id}-${f.key}-hint${invalid ? ` ${id}-err` : ''}`}
                onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })}
              />
              <p className="muted small field-hint" id={`${id}-${f.key}-hint`}>
                {f.hint}
              </p>
              {isAmbiguousComma(draft[f.key]) && (
                <Ambiguous text={draft[f.key]} onThousands={(t) => setDraft({ ...draft, [f.key]: t })} />
              )}
            </div>
          );
        })}
        <button
          type="button"
          className="btn btn-secondary"
          disabled={!changed}
          onClick={() => setDraft(toDraft(defaults))}
        >
          {source === 'analis' ? 'Kembalikan asumsi analis' : 'Kembalikan nilai awal'}
        </button>
      </form>
      <div className="dcf-result" aria-live="polite">
        {'error' in outcome && outcome.error ? (
          <Alert kind="error" role={null} id={`${id}-err`}>
            {outcome.error.message}
          </Alert>
        ) : 'result' in outcome && outcome.result ? (
          <Result
            value={outcome.result.value}
            explicit={outcome.result.explicitValue}
            terminal={outcome.result.terminalPresentValue}
            close={close}
            fairValue={fairValue}
          />
        ) : null}
      </div>
    </section>
  );
}

/** `1,250` reads as 1,25 here (Indonesian decimals); says so and offers the thousands reading in one tap. */
function Ambiguous({ text, onThousands }: { text: string; onThousands: (text: string) => void }) {
  const n = parseIdNumber(text)!;
  const thousands = formatNumber(Math.round(n * 1000));
  return (
    <p className="small field-warning" role="status">
      “{text.trim()}” dibaca {formatNumber(n, 3)} (koma = desimal).{' '}
      <button type="button" className="link-button" onClick={() => onThousands(thousands)}>
        Maksud saya {thousands}
      </button>
    </p>
  );
}

function Result({
  value,
  explicit,
  terminal,
  close,
  fairValue,
}: {
  value: number;
  explicit: number;
  terminal: number;
  close: number;
  fairValue: number | null;
}) {
  const up = value / close - 1;
  return (
    <dl className="dcf-figures">
      <div>
        <dt>Nilai wajar per saham</dt>
        <dd data-testid="dcf-value">{formatRupiah(Math.round(value))}</dd>
      </div>
      <div>
        <dt>Terhadap harga terakhir {formatRupiah(close)}</dt>
        <dd className={up >= 0 ? 'up' : 'down'}>{formatPercent(up, { sign: true })}</dd>
      </div>
      {fairValue !== null && (
        <div>
          <dt>Nilai wajar versi analis</dt>
          <dd>{formatRupiah(fairValue)}</dd>
        </div>
      )}
      <div>
        <dt>Porsi nilai terminal</dt>
        <dd>
          {formatPercent(terminal / value)}{' '}
          <span className="muted small">
            (arus kas masa pertumbuhan {formatRupiah(Math.round(explicit))}, terminal{' '}
            {formatRupiah(Math.round(terminal))})
          </span>
        </dd>
      </div>
    </dl>
  );
}
