// `fairy-magic show VARIANT --html` in a real browser: Debian's chromium, headless, driven by
// playwright-core. Each test generates a page, places a piece and its friends and foes by
// clicking as a user does, and checks that the squares the page highlights are what the command
// line answers for the same question (`moves`, `attackers` and `between --variant`), on 8x8,
// 9x10, 12x12 and 16x16 boards, for hoppers, bent riders, confined pieces and a pawn's first move,
// and so for every kind of read a block makes (compiler/src/reads.rs): leaps, slots, the rank
// table, lines read each of four ways, and plain checks.
//
// Run after `cargo build -p fairy-magic` (CI runs it after `cargo test --workspace`):
//   cd compiler/tests/browser && npm ci && npm test
// FAIRY_MAGIC names another binary, CHROMIUM another browser. A missing browser fails the run.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { chromium } from "playwright-core";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, "../../..");
const BIN = process.env.FAIRY_MAGIC ?? join(ROOT, "target/debug/fairy-magic");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const run = promisify(execFile);

// The variants the pages are made of: every kind of piece the page must draw right.
const EIGHT = `variant page-8x8
board 8x8
region home a1-h2
piece K king        K
piece C cannon      mRcpR
piece G griffon     [F?R]
piece H grasshopper gQ
piece P pawn        fmWfcFifmnD
confine K home
`;
// Tables of few index bits and no computed lines: slots of many probes, and the long paths as
// plain checks, which no default plan on these boards makes.
const CHECKS = `variant page-checks
board 8x8
option max-bits 3
option lines never
piece C cannon      mRcpR
piece G griffon     [F?R]
piece N nightrider  NN
`;
// Xiangqi as shipped (palace, river, the soldier's sideways moves across it), and a bent rider.
const NINE = readFileSync(join(ROOT, "variants/xiangqi.variant"), "utf8") + "piece G griffon [F?R]\n";
// 144 squares, three words (`Bitboard192`): a lame leaper read from tables, a hopper and a
// bent rider computed as lines.
const TWELVE = `variant page-12x12
board 12x12
piece C cannon      mRcpR
piece G griffon     [F?R]
piece H horse       [W-F]
`;
// 256 squares: the cannon in full, a bent rider, a piece confined to its camp.
const SIXTEEN = `variant page-16x16
board 16x16
region camp f1-k4
piece K king        K
piece C cannon      mRcpR
piece G griffon     [F?R4]
confine K camp
`;

// A small seeded generator (mulberry32): the same positions on every run.
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function squareName(files, s) {
  return String.fromCharCode(97 + (s % files)) + (Math.floor(s / files) + 1);
}

// One question: a piece on a square, friends and foes around it, a target for `attackers` and
// `between`, a colour and whether it has moved.
function questions(files, ranks, letters, perPiece, seed) {
  const next = random(seed);
  const out = [];
  for (const letter of letters) {
    for (let i = 0; i < perPiece; i++) {
      const squares = [...Array(files * ranks).keys()];
      const pick = () => squares.splice(Math.floor(next() * squares.length), 1)[0];
      const from = pick(), target = pick();
      const friends = [], foes = [];
      const crowd = Math.floor(squares.length * (0.1 + 0.25 * next()));
      for (let k = 0; k < crowd; k++) (next() < 0.5 ? friends : foes).push(pick());
      const name = (s) => squareName(files, s);
      out.push({
        letter,
        from: name(from),
        target: name(target),
        friends: friends.map(name),
        foes: foes.map(name),
        black: next() < 0.5,
        unmoved: next() < 0.5,
      });
    }
  }
  return out;
}

const sorted = (names) => [...names].sort();

async function cli(args) {
  const { stdout } = await run(BIN, args, { maxBuffer: 1 << 26 });
  return stdout;
}

// What the command line answers for the question: moves, attackers of the target (the piece's
// square is occupied, as on the page), and the squares between the piece and the target.
async function expected(file, q) {
  const side = [...(q.black ? ["--black"] : []), ...(q.unmoved ? [] : ["--moved"])];
  const list = (flag, names) => (names.length ? [flag, names.join(",")] : []);
  const [moves, attackers, between] = await Promise.all([
    cli(["moves", "--variant", file, q.letter, "--from", q.from, ...list("--friends", q.friends),
      ...list("--foes", q.foes), ...side, "--json"]),
    cli(["attackers", "--variant", file, q.letter, "--to", q.target,
      ...list("--friends", [...q.friends, q.from]), ...list("--foes", q.foes), ...side, "--json"]),
    cli(["between", "--variant", file, q.letter, "--from", q.from, "--to", q.target,
      ...(q.black ? ["--black"] : [])]),
  ]);
  const m = JSON.parse(moves);
  return {
    quiet: sorted(m.quiet),
    capture: sorted(m.capture),
    attackers: sorted(JSON.parse(attackers).from),
    between: sorted(between.split(/\s+/).filter(Boolean)),
  };
}

const marked = (page, mark) => page.$$eval(`.sq.${mark}`, (cells) => cells.map((c) => c.dataset.square));

// The question asked by clicking, as a user would: the piece from the list, its square, each
// friend once and each foe twice (empty → friend → foe), then the target in target mode.
async function ask(page, q) {
  await page.click("#clear");
  await page.setChecked("#target-mode", false);
  await page.setChecked("#black", q.black);
  await page.setChecked("#unmoved", q.unmoved);
  await page.click(`#pieces li[data-letter="${q.letter}"]`);
  // The mouse at each square's centre: the board fits the window, so no click waits for a scroll.
  const at = await page.$$eval(".sq", (cells) =>
    Object.fromEntries(cells.map((c) => {
      const r = c.getBoundingClientRect();
      return [c.dataset.square, [r.x + r.width / 2, r.y + r.height / 2]];
    })));
  const click = (s) => page.mouse.click(...at[s]);
  await click(q.from);
  for (const s of q.friends) await click(s);
  for (const s of q.foes) {
    await click(s);
    await click(s);
  }
  const quiet = sorted(await marked(page, "quiet"));
  const capture = sorted(await marked(page, "capture"));
  await page.setChecked("#target-mode", true);
  await click(q.target);
  return {
    quiet,
    capture,
    attackers: sorted(await marked(page, "attacker")),
    between: sorted(await marked(page, "between")),
  };
}

let browser, dir;

before(async () => {
  assert.ok(existsSync(BIN), `no ${BIN}: build it first (cargo build -p fairy-magic)`);
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox"] });
  dir = mkdtempSync(join(tmpdir(), "fairy-magic-page-"));
});

after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// Writes the variant, makes its page, opens it, checks its piece list and board, and asks each
// question both ways.
async function check({ name, text, files, ranks, letters, perPiece, seed }) {
  const file = join(dir, `${name}.variant`), html = join(dir, `${name}.html`);
  writeFileSync(file, text);
  await cli(["show", file, "--html", html]);
  const page = await browser.newPage({ viewport: { width: 1400, height: 1200 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("file://" + html);
  assert.equal(await page.locator(".sq").count(), files * ranks);
  for (const letter of letters) {
    const cost = await page.locator(`#pieces li[data-letter="${letter}"] .cost`).textContent();
    assert.match(cost, /^\d+ probes, \d+ bytes$/);
  }
  for (const q of questions(files, ranks, letters, perPiece, seed)) {
    const [shown, answered] = await Promise.all([ask(page, q), expected(file, q)]);
    assert.deepEqual(shown, answered, `${name}: ${JSON.stringify(q)}`);
  }
  assert.deepEqual(errors, []);
  await page.close();
}

describe("show --html draws what the command line answers", () => {
  test("8x8: a hopper, a bent rider, a grasshopper, a confined king, a pawn's first move", () =>
    check({ name: "eight", text: EIGHT, files: 8, ranks: 8, letters: ["C", "G", "H", "K", "P"], perPiece: 3, seed: 8 }));
  test("8x8 of plain checks: slots of many probes and checks of long paths", () =>
    check({ name: "checks", text: CHECKS, files: 8, ranks: 8, letters: ["C", "G", "N"], perPiece: 2, seed: 64 }));
  test("9x10: Xiangqi's confined pieces, cannon, horse and soldier, and a bent rider", () =>
    check({ name: "nine", text: NINE, files: 9, ranks: 10, letters: ["E", "A", "K", "C", "H", "P", "G"], perPiece: 2,
      seed: 90 }));
  test("12x12: a lame leaper's tables, a hopper and a bent rider on three words", () =>
    check({ name: "twelve", text: TWELVE, files: 12, ranks: 12, letters: ["C", "G", "H"], perPiece: 2, seed: 144 }));
  test("16x16: the full cannon, a bent rider, a confined king", () =>
    check({ name: "sixteen", text: SIXTEEN, files: 16, ranks: 16, letters: ["C", "G", "K"], perPiece: 2, seed: 256 }));
});
