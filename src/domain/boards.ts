/** The IDX listing boards (papan pencatatan) an emiten may be on, as the import accepts them. */
export const BOARDS = ['Utama', 'Pengembangan', 'Akselerasi', 'Ekonomi Baru', 'Pemantauan Khusus'] as const;
export type Board = (typeof BOARDS)[number];
/** The board of an emiten the daily feed listed before any emiten file said which board it is on. */
export const UNKNOWN_BOARD = 'Belum diketahui';
