// The :id of /ticket/:id and /admin/tickets/:id: plain digits (shared idFromText), else null
// (the page says ticket_error.invalid_id).
import { idFromText } from "../../../../shared/api/common";

export const ticketIdFrom = (param: string | undefined): number | null => idFromText(param);
