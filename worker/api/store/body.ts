// Body parsing for the store routes: jsonBody (lib/http.ts), except that a selection which is
// empty or too long answers its storehouse key (none_selected / too_many_items) rather than
// app_api.invalid_request.
import type { z } from "zod";
import { storeKeyOf } from "../../../shared/api/store";
import { jsonBody } from "../../lib/http";

export function storeBody<S extends z.ZodType>(schema: S) {
  return jsonBody(schema, storeKeyOf);
}
