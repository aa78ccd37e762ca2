/**
 * New analyses: an analysis is new for three calendar days from its date (WIB), so a late job run still
 * catches it and an old file added later announces nothing. Holders of the emiten get the "emiten I
 * hold" notice; everyone else who wants every analysis gets the general one — never both on the same
 * channel for the same analysis.
 */
import { addDays } from '../../../../domain/dates';
import { tierAtLeast } from '../../../../domain/tiers';
import type { CatalogAnalysis } from '../catalog';
import type { NoticeDraft } from '../message';
import { channelsFor, type Recipient } from '../recipients';
import { TIER_LABEL } from '../../../../lib/labels';

const ANALYSIS_NEW_DAYS = 3;

export function newAnalyses(analyses: CatalogAnalysis[], today: string): CatalogAnalysis[] {
  const from = addDays(today, -(ANALYSIS_NEW_DAYS - 1));
  return analyses.filter((a) => a.date >= from && a.date <= today);
}

function content(a: CatalogAnalysis, r: Recipient, holds: boolean, appUrl: string) {
  const locked = !tierAtLeast(r.tier, a.tier);
  const lines = [a.summary];
  if (holds) lines.unshift(`Telaah menerbitkan analisis baru untuk ${a.ticker}, saham yang ada di portofolio Anda.`);
  if (locked)
    lines.push(
      `Analisis lengkap khusus anggota ${TIER_LABEL[a.tier]}; ringkasan dan bagian pertamanya bisa Anda baca sekarang.`,
    );
  return {
    title: holds ? `Analisis baru ${a.ticker} (saham Anda): ${a.title}` : `Analisis baru: ${a.title}`,
    lines,
    cta: { label: 'Baca analisis', url: `${appUrl}${a.path}` },
  };
}

/** Drafts for `fresh` analyses (see `newAnalyses`). */
export function analysisDrafts(
  fresh: CatalogAnalysis[],
  recipients: Recipient[],
  held: Map<string, Set<string>>,
  opts: { appUrl: string; telegram: boolean },
): NoticeDraft[] {
  const drafts: NoticeDraft[] = [];
  for (const a of fresh) {
    for (const r of recipients) {
      const holds = a.ticker !== null && (held.get(r.userId)?.has(a.ticker) ?? false);
      const holding = holds ? channelsFor(r, 'analysis-holding', opts.telegram) : [];
      const any = channelsFor(r, 'analysis-any', opts.telegram).filter((c) => !holding.includes(c));
      if (holding.length) {
        drafts.push({
          recipient: r,
          event: 'analysis-holding',
          subject: a.id,
          channels: holding,
          content: content(a, r, true, opts.appUrl),
        });
      }
      if (any.length)
        drafts.push({
          recipient: r,
          event: 'analysis-any',
          subject: a.id,
          channels: any,
          content: content(a, r, false, opts.appUrl),
        });
    }
  }
  return drafts;
}
