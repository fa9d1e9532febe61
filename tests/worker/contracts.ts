// Every contract of shared/api (docs/api.md "Contracts"), for the route walk: a group whose calls are
// not listed here fails the walk, since the app registers routes no contract here names.
import { adminCalls } from "../../shared/api/admin";
import { adminOpsCalls } from "../../shared/api/admin-ops";
import { consoleLogCalls } from "../../shared/api/admin-audit";
import { authCalls } from "../../shared/api/auth";
import { bonusCalls } from "../../shared/api/bonus";
import { casesCalls } from "../../shared/api/cases";
import { cashbackCalls } from "../../shared/api/cashback";
import { chatCalls } from "../../shared/api/chat";
import { configCalls } from "../../shared/api/config";
import type { Contract } from "../../shared/api/contract";
import { crashCalls } from "../../shared/api/crash";
import { historyCalls } from "../../shared/api/history";
import { giveawayCalls } from "../../shared/api/giveaways";
import { jackpotCalls } from "../../shared/api/jackpot";
import { moneyWithdrawCalls } from "../../shared/api/money-withdraw";
import { paymentsCalls } from "../../shared/api/payments";
import { pricesCalls } from "../../shared/api/prices";
import { promoCalls } from "../../shared/api/promo";
import { skinsDepositCalls } from "../../shared/api/skins-deposit";
import { otpCalls } from "../../shared/api/staff-otp";
import { storeCalls } from "../../shared/api/store";
import { topCalls } from "../../shared/api/top";
import { tournamentCalls } from "../../shared/api/tournaments";
import { ticketCalls } from "../../shared/api/tickets";
import { userCalls } from "../../shared/api/user";
import { protectionCalls } from "../../shared/api/protection";
import { wheelCalls } from "../../shared/api/wheel";
import { withdrawsCalls } from "../../shared/api/withdraws";

const GROUPS: Record<string, Record<string, Contract>> = {
  adminCalls,
  adminOpsCalls,
  consoleLogCalls,
  authCalls,
  bonusCalls,
  casesCalls,
  cashbackCalls,
  chatCalls,
  configCalls,
  crashCalls,
  giveawayCalls,
  historyCalls,
  jackpotCalls,
  moneyWithdrawCalls,
  paymentsCalls,
  pricesCalls,
  promoCalls,
  skinsDepositCalls,
  storeCalls,
  topCalls,
  ticketCalls,
  otpCalls,
  tournamentCalls,
  userCalls,
  protectionCalls,
  wheelCalls,
  withdrawsCalls,
};

export const CONTRACTS: Contract[] = Object.values(GROUPS).flatMap((group) => Object.values(group));
