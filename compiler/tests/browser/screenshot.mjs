// Remakes docs/xiangqi-page.png, the README's picture of `show --html`: Xiangqi's page with a
// cannon on e3 among a few pieces, a target chosen for `attackers` and `between`.
//   cd compiler/tests/browser && npm ci && npm run screenshot
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const BIN = process.env.FAIRY_MAGIC ?? join(ROOT, "target/debug/fairy-magic");
const dir = mkdtempSync(join(tmpdir(), "fairy-magic-shot-"));
const html = join(dir, "xiangqi.html");
execFileSync(BIN, ["show", join(ROOT, "variants/xiangqi.variant"), "--html", html]);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox"],
});
const page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
await page.goto("file://" + html);
await page.click('#pieces li[data-letter="C"]');
await page.click('[data-square="e3"]');
for (const s of ["e5", "c3", "h3"]) await page.click(`[data-square="${s}"]`);
for (const s of ["e8", "g3"]) {
  await page.click(`[data-square="${s}"]`);
  await page.click(`[data-square="${s}"]`);
}
await page.setChecked("#target-mode", true);
await page.click('[data-square="e7"]');
await page.screenshot({ path: join(ROOT, "docs/xiangqi-page.png"), fullPage: true });
await browser.close();
rmSync(dir, { recursive: true, force: true });
