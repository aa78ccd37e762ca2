/**
 * A real import meets a demo market (decision 0022): it is refused while the demo market is loaded, unless
 * the operator asks to replace it (`market:import -- --replace-demo`), which removes the demo market and
 * the demo accounts' sample portfolios first. Real rows never mix with generated ones under one code.
 */
import type { Db } from '../../db/client';
import { FOREIGN_KEY_VIOLATION, pgErrorCode, RESTRICT_VIOLATION } from '../../db/errors';
import { clearDemoMarket, demoMarketInfo } from '../../demo';
import { clearDemoPortfolios } from '../../demo/portfolios';

/** The refusal to show while a demo market is loaded; null when there is none. */
export async function demoMarketRefusal(db: Db): Promise<string | null> {
  const demo = await demoMarketInfo(db);
  if (!demo) return null;
  return (
    `Database ini masih memuat pasar demo (${demo.counts.emiten} emiten, harga buatan ${demo.firstDate}–${demo.lastDate}); ` +
    'data impor tidak dicampur dengannya. Ulangi dengan --replace-demo untuk menghapus pasar demo dan portofolio contoh ' +
    'akun demo lebih dulu, atau mulai dari folder data kosong dengan `npm start -- --no-demo`.'
  );
}

export type DemoReplacement = { ok: true; emiten: number } | { ok: false; message: string };

/**
 * Removes the demo market (demo emiten with their prices, actions and fundamentals, the index days it
 * wrote) and the demo accounts' sample portfolios. Refused, removing nothing, when another
 * member holds transactions in a demo code: members' trades are never deleted.
 */
export async function replaceDemoMarket(db: Db): Promise<DemoReplacement> {
  const demo = await demoMarketInfo(db);
  if (!demo) return { ok: true, emiten: 0 };
  try {
    // One transaction: a refused market removal keeps the sample portfolios too.
    await db.transaction(async (tx) => {
      await clearDemoPortfolios(tx);
      await clearDemoMarket(tx);
    });
  } catch (err) {
    const code = pgErrorCode(err);
    if (code !== RESTRICT_VIOLATION && code !== FOREIGN_KEY_VIOLATION) throw err;
    return {
      ok: false,
      message:
        'Pasar demo tidak dihapus: anggota selain akun demo mencatat transaksi pada kode saham demo, dan transaksi anggota tidak pernah dihapus.',
    };
  }
  return { ok: true, emiten: demo.counts.emiten };
}
