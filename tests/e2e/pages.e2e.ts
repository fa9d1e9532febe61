// The content pages: /user-agreement (the terms with their version and constants, the table of
// contents) and the FAQ on /support (ru and en, live search with its empty state, the #faq-<slug>
// anchors), with axe and a 390 px phone; the sign-in box states the age and the sign-in start
// carries the agreement version (docs/support.md).
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BONUS, FAIRNESS, FEES, TERMS } from "../../shared/constants";
import { seriousFindings } from "./axe";
import { launch, newPage, screenshot } from "./browser";
import { phoneOffenders } from "./phone-measure";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function english(page: Page): Promise<void> {
  await page.goto("/load");
  await page.evaluate(() => localStorage.setItem("language", "en"));
}

/** No serious or critical axe finding, printed when there is one. */
async function expectAxeClean(page: Page): Promise<void> {
  const findings = await seriousFindings(page);
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
}

/** Nothing wider than the phone, 40 px targets, 12 px text. */
async function expectPhoneFit(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const found = await page.evaluate(phoneOffenders, { minTarget: 40, minFont: 12 });
  const small = [...found.targets, ...found.texts];
  expect(small, small.join("\n")).toEqual([]);
}

/** Is the element's top inside the viewport (below the sticky header)? */
const inView = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const box = document.querySelector(sel)?.getBoundingClientRect();
    return !!box && box.top >= 0 && box.top < window.innerHeight / 2;
  }, selector);

describe("/user-agreement", () => {
  it("shows the terms in Russian with the version and the constants; the contents jump to a section", async () => {
    const { page, context } = await newPage(browser);
    try {
      await page.goto("/user-agreement");
      await page.getByRole("heading", { level: 1, name: "Пользовательское соглашение" }).waitFor();
      expect(await page.getByTestId("terms-version").textContent()).toBe(`Редакция ${TERMS.version}`);
      const text = (await page.getByTestId("user-agreement").textContent()) ?? "";
      expect(text).toContain(`${TERMS.disputeWorkingDays} рабочих дней`);
      expect(text).toContain(`${TERMS.liabilityCapRoubles} рублей`);
      expect(text).toContain(`достигшие ${TERMS.minimumAge} лет`);
      expect(text).toContain(`в течение ${TERMS.inventoryClaimYears} года`);
      expect(text).toContain(`налог ${FEES.moneyWithdrawalTaxPercent} %`);
      expect(await page.getByRole("navigation", { name: "Содержание" }).getByRole("link").count()).toBe(12);
      expect(await page.locator(".terms-section h2").count()).toBe(12);
      await screenshot(page, "pages-agreement-ru");
      await expectAxeClean(page);

      await page.getByRole("navigation", { name: "Содержание" }).getByRole("link", { name: "Споры" }).click();
      await page.waitForURL((u) => u.hash === "#terms-disputes");
      await expect.poll(() => inView(page, "#terms-disputes")).toBe(true);
      await screenshot(page, "pages-agreement-ru-disputes");

      // a link straight to a section scrolls there once the lazy page is in
      await page.goto("/user-agreement#terms-privacy");
      await page.getByRole("heading", { level: 1, name: "Пользовательское соглашение" }).waitFor();
      await expect.poll(() => inView(page, "#terms-privacy")).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("shows the terms in English", async () => {
    const { page, context } = await newPage(browser, { locale: "en-US" });
    try {
      await english(page);
      await page.goto("/user-agreement");
      await page.getByRole("heading", { level: 1, name: "User agreement" }).waitFor();
      expect(await page.getByTestId("terms-version").textContent()).toBe(`Version ${TERMS.version}`);
      const text = (await page.getByTestId("user-agreement").textContent()) ?? "";
      expect(text).toContain(`${TERMS.disputeWorkingDays} working days`);
      expect(text).toContain(`${TERMS.liabilityCapRoubles} roubles`);
      expect(text).toContain(`aged ${TERMS.minimumAge} or older`);
      expect(text).toContain(`within ${TERMS.inventoryClaimYears} year of arriving`);
      await page.getByRole("navigation", { name: "Contents" }).getByRole("link", { name: "Liability" }).click();
      await page.waitForURL((u) => u.hash === "#terms-liability");
      await expect.poll(() => inView(page, "#terms-liability")).toBe(true);
      await screenshot(page, "pages-agreement-en");
      await expectAxeClean(page);
    } finally {
      await context.close();
    }
  });

  it("fits a 390 px phone", async () => {
    const { page, context } = await newPage(browser, { mobile: true });
    try {
      await page.goto("/user-agreement");
      await page.getByRole("heading", { level: 1, name: "Пользовательское соглашение" }).waitFor();
      await screenshot(page, "pages-agreement-phone");
      await expectPhoneFit(page);
      await page.locator("#terms-payments").scrollIntoViewIfNeeded();
      await screenshot(page, "pages-agreement-phone-payments");
      await expectAxeClean(page);
    } finally {
      await context.close();
    }
  });
});

describe("the FAQ on /support", () => {
  it("shows the questions in Russian; search filters them live, with an empty state", async () => {
    const { page, context } = await newPage(browser);
    try {
      await page.goto("/support");
      const faq = page.getByTestId("faq");
      await faq.getByRole("heading", { level: 2, name: "Частые вопросы" }).waitFor();
      const questions = faq.locator(".faq-question");
      const all = await questions.count();
      expect(all).toBeGreaterThan(20);
      for (const group of ["Пополнение", "Вывод", "Кешбэк", "Бонусный банк", "Раздачи", "Связь с поддержкой"]) {
        await faq.getByRole("heading", { level: 3, name: group }).waitFor();
      }

      // a disclosure: closed, opened by its button
      const tax = faq.getByRole("button", { name: "Какая комиссия при выводе деньгами?", exact: true });
      expect(await tax.getAttribute("aria-expanded")).toBe("false");
      await tax.click();
      expect(await tax.getAttribute("aria-expanded")).toBe("true");
      const taxAnswer = page.locator("#faq-withdraw-money-tax-answer");
      expect(await taxAnswer.textContent()).toContain(`налог ${FEES.moneyWithdrawalTaxPercent} %`);
      await screenshot(page, "pages-faq-ru");
      await expectAxeClean(page);

      // the search matches questions and answers, in any case
      const search = faq.getByRole("searchbox", { name: "Поиск по вопросам" });
      await search.fill("КЕШБЭК");
      await expect.poll(() => questions.count()).toBeLessThan(all);
      expect(await questions.count()).toBeGreaterThan(0);
      await faq.getByRole("button", { name: "Как работает кешбэк?", exact: true }).waitFor();
      expect(await faq.getByRole("button", { name: "Где взять трейд-ссылку?", exact: true }).count()).toBe(0);
      // a word found only in an answer
      await search.fill("Steam Guard");
      await expect.poll(() => questions.count()).toBe(1);
      await faq.getByRole("button", { name: "Что такое торговая защита Steam?", exact: true }).waitFor();
      await screenshot(page, "pages-faq-ru-search");

      await search.fill("абракадабра");
      await faq.getByTestId("faq-empty").waitFor();
      expect(await questions.count()).toBe(0);
      await screenshot(page, "pages-faq-ru-empty");
      await faq.getByRole("button", { name: "Очистить поиск", exact: true }).click();
      await expect.poll(() => questions.count()).toBe(all);
    } finally {
      await context.close();
    }
  });

  it("opens and scrolls to the answer of /support#faq-<slug>; copy link names that address", async () => {
    const { page, context } = await newPage(browser);
    try {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.goto("/support#faq-fair-mismatch");
      const button = page.getByRole("button", { name: "Что если проверка не сошлась?", exact: true });
      await button.waitFor();
      await expect.poll(() => button.getAttribute("aria-expanded")).toBe("true");
      const answer = page.locator("#faq-fair-mismatch-answer");
      await answer.waitFor();
      expect(await answer.textContent()).toContain(`в ${FAIRNESS.mismatchPayoutFactor} раза больше ставки`);
      await expect.poll(() => inView(page, "#faq-fair-mismatch")).toBe(true);
      await screenshot(page, "pages-faq-anchor");

      await answer.getByRole("button", { name: /Скопировать ссылку/ }).click();
      await answer.getByText("Ссылка скопирована").waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(new URL(copied).pathname + new URL(copied).hash).toBe("/support#faq-fair-mismatch");
    } finally {
      await context.close();
    }
  });

  it("shows the questions in English and searches them in English", async () => {
    const { page, context } = await newPage(browser, { locale: "en-US" });
    try {
      await english(page);
      await page.goto("/support");
      const faq = page.getByTestId("faq");
      await faq.getByRole("heading", { level: 2, name: "Frequently asked questions" }).waitFor();
      await faq.getByRole("heading", { level: 3, name: "Trade links and Steam trades" }).waitFor();
      const search = faq.getByRole("searchbox", { name: "Search the questions" });
      await search.fill("trade link");
      await faq.getByRole("button", { name: "Where do I find my trade link?", exact: true }).waitFor();
      expect(await faq.getByRole("button", { name: "How does cashback work?", exact: true }).count()).toBe(0);
      // a Russian word finds nothing in English
      await search.fill("кешбэк");
      await faq.getByTestId("faq-empty").waitFor();
      await search.fill("");
      await faq.getByRole("button", { name: "What is the bonus pool?", exact: true }).click();
      const answer = page.locator("#faq-bonus-pool-answer");
      expect(await answer.textContent()).toContain(
        BONUS.winnerShares
          .map((p) => `${p} %`)
          .join(", ")
          .replace(/, (?=[^,]*$)/, " and "),
      );
      await screenshot(page, "pages-faq-en");
      await expectAxeClean(page);
    } finally {
      await context.close();
    }
  });

  it("fits a 390 px phone with an answer open", async () => {
    const { page, context } = await newPage(browser, { mobile: true });
    try {
      await page.goto("/support#faq-withdraw-limits");
      const answer = page.locator("#faq-withdraw-limits-answer");
      await answer.waitFor();
      await expect.poll(() => inView(page, "#faq-withdraw-limits")).toBe(true);
      await screenshot(page, "pages-faq-phone");
      await expectPhoneFit(page);
      await expectAxeClean(page);
      await page.getByTestId("faq").getByRole("searchbox").scrollIntoViewIfNeeded();
      await screenshot(page, "pages-faq-phone-search");
    } finally {
      await context.close();
    }
  });
});

describe("the sign-in box", () => {
  it("states the age and starts the sign-in with the agreement version", async () => {
    const { page, context } = await newPage(browser);
    try {
      const starts: string[] = [];
      await context.route(/\/socialite\/steam\?/, async (route) => {
        starts.push(route.request().url());
        await route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>stop</title>" });
      });
      await page.goto("/");
      await page.getByRole("banner").getByRole("button", { name: "Войти" }).click();
      const box = page.getByRole("checkbox", { name: `Мне исполнилось ${TERMS.minimumAge} лет, и я принимаю пользовательское соглашение` });
      await box.check();
      const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByRole("button", { name: /Steam/ }).click()]);
      await popup.close();
      expect(starts).toHaveLength(1);
      expect(new URL(starts[0]!).searchParams.get("terms")).toBe(TERMS.version);
    } finally {
      await context.close();
    }
  });
});
