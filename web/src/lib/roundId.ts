// The :id of a round page (/crash/:id, /jackpot/:id, /wheel/:id): a positive whole number, else null (the page
// shows "not found").
export function roundIdFrom(param: string | undefined): number | null {
  if (!param || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}
