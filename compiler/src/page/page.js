"use strict";
// The module's tables, read exactly as the module reads them: each block's list of reads
// (compiler/src/reads.rs), each read as the runtime's function does. Sets are BigInt: square
// s is bit s, as in every Bitboard of the runtime (u64, u128, Bitboard192, Bitboard256).
const DATA = JSON.parse(document.getElementById("data").textContent);
const FILES = DATA.files, RANKS = DATA.ranks, SQUARES = FILES * RANKS, BITS = DATA.bits;
const M64 = (1n << 64n) - 1n, M32 = (1n << 32n) - 1n;
const ALL = (1n << BigInt(SQUARES)) - 1n;
const big = (hex) => BigInt(hex);
const bit = (s) => 1n << BigInt(s);

// Hex strings turned into BigInt once, on first use.
const cache = new Map();
function set(hex) {
  let v = cache.get(hex);
  if (v === undefined) { v = big(hex); cache.set(hex, v); }
  return v;
}

function word(b, w) { return (b >> BigInt(64 * w)) & M64; }
function popcount(b) { let n = 0; while (b) { b &= b - 1n; n++; } return n; }

// Bitboard::magic_hash: one 64-bit multiply a word, the higher words first folded onto
// themselves (u128: by 1; Bitboard192 and Bitboard256: by 19, 23 and 29, a word each), the
// products mixed with xor.
const WIDE_FOLDS = BITS === 128 ? [0, 1] : [0, 19, 23, 29];
function magicHash(b, magic, shift) {
  if (BITS === 64) return Number(((b * magic) & M64) >> BigInt(shift));
  let mixed = 0n;
  for (let w = 0; w < BITS / 64; w++) {
    let x = word(b, w);
    if (w > 0) x ^= x >> BigInt(WIDE_FOLDS[w]);
    mixed ^= (x * word(magic, w)) & M64;
  }
  return Number(mixed >> BigInt(shift - (BITS - 64)));
}

// Bitboard::split32_hash: each 32-bit part folded (split32_fold), times its part of the magic.
const SPLIT32_FOLDS = [13, 19, 23, 29, 13, 19, 23, 29];
function split32Hash(b, magic, shift) {
  let mixed = 0n;
  for (let i = 0; i < BITS / 32; i++) {
    const part = (b >> BigInt(32 * i)) & M32;
    const folded = part ^ (part >> BigInt(SPLIT32_FOLDS[i]));
    mixed ^= (folded * ((magic >> BigInt(32 * i)) & M32)) & M32;
  }
  return Number(mixed >> BigInt(shift));
}

// pext a word at a time, each word's bits placed after the lower words'.
function pext(b, mask) {
  let gathered = 0n, at = 0n;
  for (let w = 0; w < BITS / 64; w++) {
    let m = word(mask, w), v = word(b, w), g = 0n, one = 1n;
    const count = BigInt(popcount(m));
    while (m) {
      if (v & m & -m) g |= one;
      one <<= 1n;
      m &= m - 1n;
    }
    gathered |= g << at;
    at += count;
  }
  return Number(gathered);
}

// Probe::index: offset + the hash of the masked occupancy.
function probeIndex(p, occupied) {
  const [mask, magic, shift, offset] = p;
  const masked = occupied & set(mask);
  switch (DATA.index) {
    case "magic": return offset + magicHash(masked, set(magic), shift);
    case "split32": return offset + split32Hash(masked, set(magic), shift);
    default: return offset + pext(occupied, set(mask));
  }
}

// The attack table's entries: one number an entry (little-endian, base64), naming a set.
const ENTRIES = (() => {
  const raw = atob(DATA.attack.entries), size = DATA.attack.entryBytes;
  const out = new Uint32Array(raw.length / size);
  for (let i = 0; i < out.length; i++) {
    let n = 0;
    for (let b = size - 1; b >= 0; b--) n = n * 256 + raw.charCodeAt(i * size + b);
    out[i] = n;
  }
  return out;
})();

// One entry of the attack table: the set its number names.
function entry(i) { return set(DATA.attack.sets[ENTRIES[i]]); }

// BitboardExt::up_to_lowest and down_to_highest, on the board's squares (the bits above them
// never meet a line's rays, which are masked).
const upToLowest = (b) => (b ^ (b - 1n)) & ALL;
const downToHighest = (b) => ALL & ~((1n << BigInt((b | 1n).toString(2).length - 1)) - 1n);

// Line::slide_attacks: each ray up to and including its first blocker, not masked by the reach.
function slideAttacks(line, occupied) {
  const [up, down] = line.slice(0, 2).map(set);
  return (up & upToLowest(up & occupied)) | (down & downToHighest(down & occupied));
}

// Line::hop_attacks: past each ray's first blocker up to and including the next, not masked.
function hopAttacks(line, occupied) {
  const [up, down] = line.slice(0, 2).map(set);
  const u = up & occupied, d = down & occupied;
  const us = upToLowest(u), ds = downToHighest(d);
  return (up & ~us & upToLowest(u & ~us)) | (down & ~ds & downToHighest(d & ~ds));
}

// Line::attacks: a slide up to the first blocker each way, a hop past it up to the next, a
// vault onto the square just past it, a screened slide past an occupied first square up to the
// next blocker, or a slide's empty run moved on by a step; kept to the squares the line reaches.
function lineAttacks(line, occupied) {
  const [up, down, reach] = line.slice(0, 3).map(set);
  const [form, step] = line.slice(3);
  const u = up & occupied, d = down & occupied;
  let found;
  if (form === "Slide") {
    found = slideAttacks(line, occupied);
  } else if (form === "Hop") {
    found = hopAttacks(line, occupied);
  } else if (form === "Vault") {
    const upPast = up & ~upToLowest(u), downPast = down & ~downToHighest(d);
    found = (upPast & upToLowest(upPast)) | (downPast & downToHighest(downPast));
  } else if (form === "Screened") {
    const upFirst = up & upToLowest(up), downFirst = down & downToHighest(down);
    const upRest = up & ~upFirst, downRest = down & ~downFirst;
    found = (upRest & upToLowest(upRest & occupied) & ~upToLowest(upFirst & occupied))
      | (downRest & downToHighest(downRest & occupied) & ~downToHighest(downFirst & occupied));
  } else {
    const run = slideAttacks(line, occupied) & ~occupied;
    found = step >= 0 ? run << BigInt(step) : run >> BigInt(-step);
  }
  return found & reach;
}

// The runtime functions a block's lines are read with (reads.rs LineRead), one line at a time.
const LINE_READS = {
  Slides: slideAttacks,
  ReachedSlides: (line, occupied) => slideAttacks(line, occupied) & set(line[2]),
  Hops: (line, occupied) => hopAttacks(line, occupied) & set(line[2]),
  Lines: lineAttacks,
};

// rank_slide: the rank table's entry for the square's file and its rank's inner squares,
// shifted onto its rank.
function rankSlide(square, occupied) {
  const file = square % FILES, start = BigInt(square - file), inner = BigInt(FILES - 2);
  const index = (BigInt(file) << inner) | ((occupied >> (start + 1n)) & ((1n << inner) - 1n));
  return BigInt(DATA.rankSlides[Number(index)]) << start;
}

// The `width` items of `square` in a block's data laid out `width` a square.
const perSquare = (data, width, square) => data.slice(square * width, (square + 1) * width);

// reads.rs Read, interpreted item by item as `evaluate` does: what one read of a block gives.
const READS = {
  Leaps: (read, block, square) => set(block.leaps[square]),
  Slot: (read, block, square, occupied) => perSquare(block.probes, read.probes, square)
    .reduce((found, p) => found | entry(probeIndex(p, occupied)), set(block.leaps[square])),
  Probes: (read, block, square, occupied) => perSquare(block.probes, read.probes, square)
    .reduce((found, p) => found | entry(probeIndex(p, occupied)), 0n),
  RankSlide: (read, block, square, occupied) => rankSlide(square, occupied),
  Lines: (read, block, square, occupied) => perSquare(block.lines, read.perSquare, square)
    .reduce((found, line) => found | LINE_READS[read.lines](line, occupied), 0n),
  PlainChecks: (read, block, square, occupied) => perSquare(block.checks, read.perSquare, square)
    .reduce((found, [path, required, dest]) => (occupied & set(path)) === set(required) ? found | set(dest) : found, 0n),
};

// A block's answer: the union of its reads.
function blockLookup(block, square, occupied) {
  return block.reads.reduce((found, read) => found | READS[read.read](read, block, square, occupied), 0n);
}

// Tables::lookup for one kind; a kind the module does not have answers nothing.
function lookup(kind, piece, color, square, occupied) {
  const k = DATA.kinds.indexOf(kind);
  if (k < 0) return 0n;
  return blockLookup(DATA.blocks[DATA.blockOf[k][piece][color]], square, occupied);
}

// The generated module's between: the grid of this piece and colour names a set.
function between(piece, color, from, to) {
  const b = DATA.between, g = b.gridOf[piece][color];
  return g === null ? 0n : set(b.sets[b.grids[g][from * SQUARES + to]]);
}

// What `fairy-magic moves` answers (query.rs answer_with): quiet moves onto empty squares,
// captures of foes, the initial moves added on a first move.
function moves(piece, color, from, friends, foes, unmoved) {
  const occupied = friends | foes | bit(from);
  const empty = ALL & ~occupied;
  const reach = (kind) => lookup(kind, piece, color, from, occupied);
  let quiet = reach("Quiet"), capture = reach("Capture"), friendly = reach("Friendly");
  if (unmoved) {
    quiet |= reach("InitialQuiet");
    capture |= reach("InitialCapture");
    friendly |= reach("InitialFriendly");
  }
  return { quiet: quiet & empty, capture: capture & foes, friendly: friendly & friends };
}

// query.rs sources: the squares from which the piece captures on the target, given what is
// occupied.
function attackers(piece, color, target, occupied, unmoved) {
  let found = lookup("Attackers", piece, color, target, occupied);
  if (unmoved) found |= lookup("InitialAttackers", piece, color, target, occupied);
  return found;
}

function name(s) { return String.fromCharCode(97 + (s % FILES)) + (Math.floor(s / FILES) + 1); }
function names(b) { const out = []; for (let s = 0; s < SQUARES; s++) if (b & bit(s)) out.push(name(s)); return out; }

const state = { piece: 0, from: null, placing: true, friends: 0n, foes: 0n, target: null };
const cells = [];

function build() {
  const board = document.getElementById("board");
  const size = Math.max(22, Math.min(56, Math.floor(640 / Math.max(FILES, RANKS))));
  board.style.setProperty("--size", size + "px");
  board.style.gridTemplateColumns = `2em repeat(${FILES}, ${size}px)`;
  const coord = (text) => {
    const c = document.createElement("div");
    c.className = "coord";
    c.textContent = text;
    board.appendChild(c);
  };
  for (let r = RANKS - 1; r >= 0; r--) {
    coord(String(r + 1));
    for (let f = 0; f < FILES; f++) {
      const s = r * FILES + f, cell = document.createElement("div");
      cell.className = "sq " + ((r + f) % 2 ? "light" : "dark");
      cell.dataset.square = name(s);
      cell.title = name(s);
      cell.addEventListener("click", () => click(s));
      board.appendChild(cell);
      cells[s] = cell;
    }
  }
  coord("");
  for (let f = 0; f < FILES; f++) coord(String.fromCharCode(97 + f));
  const list = document.getElementById("pieces");
  DATA.pieces.forEach((p, i) => {
    const li = document.createElement("li");
    li.dataset.letter = p.letter;
    li.innerHTML = `<b></b> <span></span> <code></code> <span class="cost"></span>`;
    li.children[0].textContent = p.letter;
    li.children[1].textContent = p.name;
    li.children[2].textContent = p.betza;
    li.children[3].textContent = `${p.probes} probes, ${p.bytes} bytes`;
    li.addEventListener("click", () => { state.piece = i; state.placing = true; draw(); });
    list.appendChild(li);
  });
  const region = document.getElementById("region");
  DATA.regions.forEach((r, i) => {
    const o = document.createElement("option");
    o.value = i; o.textContent = r.name;
    region.appendChild(o);
  });
  if (DATA.regions.length) region.value = 0;
  for (const id of ["black", "unmoved", "region"]) document.getElementById(id).addEventListener("change", draw);
  document.getElementById("clear").addEventListener("click", () => {
    Object.assign(state, { from: null, placing: true, friends: 0n, foes: 0n, target: null });
    draw();
  });
}

// A click places the chosen piece, chooses the target, or turns a square empty → friend → foe.
function click(s) {
  const b = bit(s);
  if (document.getElementById("target-mode").checked) {
    state.target = state.target === s ? null : s;
  } else if (state.placing || state.from === null) {
    state.friends &= ~b; state.foes &= ~b;
    state.from = s; state.placing = false;
  } else if (s !== state.from) {
    if (state.friends & b) { state.friends &= ~b; state.foes |= b; }
    else if (state.foes & b) state.foes &= ~b;
    else state.friends |= b;
  }
  draw();
}

function draw() {
  const color = document.getElementById("black").checked ? 1 : 0;
  const unmoved = document.getElementById("unmoved").checked;
  const region = Number(document.getElementById("region").value);
  const zone = region >= 0 ? set(DATA.regions[region].squares[color]) : 0n;
  const p = DATA.pieces[state.piece];
  let m = { quiet: 0n, capture: 0n, friendly: 0n }, blocked = 0n, att = 0n, btw = 0n;
  if (state.from !== null) {
    m = moves(state.piece, color, state.from, state.friends, state.foes, unmoved);
    const open = moves(state.piece, color, state.from, 0n, 0n, unmoved);
    blocked = open.quiet & ~(m.quiet | m.capture | m.friendly);
  }
  const occupied = state.friends | state.foes | (state.from === null ? 0n : bit(state.from));
  if (state.target !== null) {
    att = attackers(state.piece, color, state.target, occupied, unmoved);
    if (state.from !== null) btw = between(state.piece, color, state.from, state.target);
  }
  for (let s = 0; s < SQUARES; s++) {
    const c = cells[s], b = bit(s);
    const has = (x) => (x & b) !== 0n;
    c.classList.toggle("quiet", has(m.quiet));
    c.classList.toggle("capture", has(m.capture));
    c.classList.toggle("friendly", has(m.friendly));
    c.classList.toggle("blocked", has(blocked));
    c.classList.toggle("attacker", has(att));
    c.classList.toggle("between", has(btw));
    c.classList.toggle("region", has(zone));
    c.classList.toggle("friend", has(state.friends));
    c.classList.toggle("foe", has(state.foes));
    c.classList.toggle("piece", s === state.from);
    c.classList.toggle("target", s === state.target);
    c.textContent = s === state.from ? (color ? p.letter.toLowerCase() : p.letter) : has(state.friends) ? "●" : has(state.foes) ? "○" : "";
  }
  document.querySelectorAll("#pieces li").forEach((li, i) => li.classList.toggle("selected", i === state.piece));
  document.getElementById("status").textContent = state.placing || state.from === null
    ? `Click a square to place the ${p.name}.` : "Click squares: empty → friend → foe → empty.";
  const summary = { quiet: names(m.quiet), capture: names(m.capture), blocked: names(blocked), attackers: names(att), between: names(btw) };
  document.getElementById("summary").textContent = Object.entries(summary).map(([k, v]) => `${k}: ${v.join(" ") || "-"}`).join(" · ");
  window.fairyMagic = { summary, moves, attackers, between, names };
}

build();
draw();
