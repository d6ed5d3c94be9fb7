/** A detail ("the code is cut off") as a sentence to show: capitalised, with a full stop. */
export function sentence(detail: string): string {
  return `${detail[0]?.toUpperCase() ?? ''}${detail.slice(1)}.`;
}
