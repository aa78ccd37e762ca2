/**
 * The plan cards of /pick-membership with a period toggle (1 / 3 / 12 months: price, monthly price,
 * saving). The page is pre-rendered; the viewer's current tier is fetched after load and highlighted.
 */
import { useEffect, useId, useState } from 'react';
import { withBoundary } from '../ui/IslandBoundary';
import { formatDate as dateWib, formatPercent as percent, formatRupiah as rupiah } from '../../lib/format';
import { safeCallbackPath } from '../../lib/redirect';
import { TIER_BENEFITS as benefits, TIER_LABEL as labels } from '../../lib/labels';
import { tierAtLeast, type Tier } from '../../domain/tiers';
import { isPaidTier, PAID_TIERS, type PaidTier } from '../../domain/plans';

export interface PickerPlan {
  id: string;
  tier: PaidTier;
  months: number;
  price: number;
  /** Ratio against paying the 1-month price every month. */
  saving: number;
}

interface Props {
  plans: PickerPlan[];
  periods: number[];
}

interface Me {
  tier: Tier | null;
  endsAt: string | null;
}

/** What the visitor came for: `?paket=premium` preselects a tier, `?dari=/analisis/…` is the way back. */
interface Intent {
  tier: PaidTier | null;
  from: string | null;
}

function useIntent(): Intent {
  const [intent, setIntent] = useState<Intent>({ tier: null, from: null });
  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    const paket = q.get('paket');
    setIntent({
      tier: isPaidTier(paket) ? paket : null,
      from: safeCallbackPath(q.get('dari'), '') || null,
    });
  }, []);
  return intent;
}

function useMe(): Me | null {
  const [me, setMe] = useState<Me | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    fetch('/api/membership/current', { signal: ctrl.signal, credentials: 'same-origin' })
      .then((r) => (r.ok ? (r.json() as Promise<Me>) : null))
      .then((m) => m && setMe(m))
      .catch(() => undefined);
    return () => ctrl.abort();
  }, []);
  return me;
}

function cta(tier: PaidTier, me: Me | null): string {
  if (!me?.tier || me.tier === 'gratis') return 'Pilih';
  if (me.tier === tier) return 'Perpanjang';
  return tierAtLeast(me.tier, tier) ? 'Pilih' : 'Tingkatkan';
}

function PlanPicker({ plans, periods }: Props) {
  const [months, setMonths] = useState(periods[0] ?? 1);
  const me = useMe();
  const intent = useIntent();
  const name = useId();
  // The tier the visitor came for comes first (on a phone, the first screen), then the other paid one.
  const tiers = intent.tier ? [intent.tier, ...PAID_TIERS.filter((t) => t !== intent.tier)] : PAID_TIERS;
  const payHref = (id: string) => `/pay?plan=${id}${intent.from ? `&dari=${encodeURIComponent(intent.from)}` : ''}`;
  const current = (t: Tier) => me?.tier === t;

  return (
    <div className="plan-picker">
      {intent.from && (
        <p className="small">
          <a href={intent.from}>← Kembali ke halaman sebelumnya</a>
        </p>
      )}
      <fieldset className="period-toggle">
        <legend>Periode</legend>
        {periods.map((m) => {
          const best = Math.max(...plans.filter((p) => p.months === m).map((p) => p.saving));
          return (
            <label key={m} className={m === months ? 'on' : undefined}>
              <input type="radio" name={name} value={m} checked={m === months} onChange={() => setMonths(m)} />
              <span>
                {m} bulan
                <span className="small saving">{best > 0 ? `hemat s.d. ${percent(best)}` : 'harga normal'}</span>
              </span>
            </label>
          );
        })}
      </fieldset>
      <div className="grid grid-3">
        <section
          className={`card plan-card${current('gratis') ? ' current' : ''}${intent.tier ? ' later' : ''}`}
          aria-labelledby="plan-gratis"
        >
          <h2 id="plan-gratis">{labels.gratis}</h2>
          {current('gratis') && <p className="badge badge-beli">Paket Anda saat ini</p>}
          <p className="price">Rp 0</p>
          <ul className="small">
            {benefits.gratis.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
          {!me?.tier && (
            <a className="btn btn-secondary" href="/sign-up">
              Daftar gratis
            </a>
          )}
        </section>
        {tiers.map((tier) => {
          const plan = plans.find((p) => p.tier === tier && p.months === months)!;
          return (
            <section
              key={tier}
              className={`card plan-card${current(tier) ? ' current' : ''}${intent.tier === tier ? ' chosen' : ''}`}
              aria-labelledby={`plan-${tier}`}
            >
              {intent.tier === tier && <p className="badge badge-beli">Paket untuk analisis yang Anda buka</p>}
              <h2 id={`plan-${tier}`}>{labels[tier]}</h2>
              {current(tier) && (
                <p className="badge badge-beli">
                  Paket Anda saat ini{me?.endsAt ? ` · aktif sampai ${dateWib(me.endsAt)}` : ''}
                </p>
              )}
              <div aria-live="polite">
                <p className="price">
                  {rupiah(plan.price)} <span className="small muted">/ {months} bulan</span>
                </p>
                <p className="small">
                  {months > 1 ? (
                    <>
                      ≈ {rupiah(Math.round(plan.price / months))} per bulan ·{' '}
                      <strong>hemat {percent(plan.saving)}</strong>
                    </>
                  ) : (
                    'Bayar sekali, aktif 1 bulan'
                  )}
                </p>
              </div>
              <ul className="small">
                {benefits[tier].map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
              <a className="btn" href={payHref(plan.id)}>
                {cta(tier, me)} {labels[tier]} {months} bulan
              </a>
            </section>
          );
        })}
      </div>
    </div>
  );
}

export default withBoundary(PlanPicker);
