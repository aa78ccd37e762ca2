/** Minutes in Indonesian: `95` → `1 jam 35 menit`; `40` → `40 menit`; `120` → `2 jam`. */
export function formatMinutes(min: number): string {
  const h = Math.floor(min / 60);
  const m = min % 60;
  if (h === 0) return `${m} menit`;
  return m === 0 ? `${h} jam` : `${h} jam ${m} menit`;
}
