// e2e.mjs: the play page driven in Debian's Chromium (headless) through
// playwright-core, as a person would: a new puzzle, the ARIA grid and
// controls, hints from a nudge to the step, pencil marks, undo and redo,
// the whole solution typed with the keyboard, "Solved!", the game kept
// over a reload, a shared link, bad input, printing, the page working
// offline and installable as an app; then the variants (the Kind
// choice): a killer with its cages
// drawn, conflicts, Check, hints and the solution typed, a jigsaw's region
// borders, 6x6, Sudoku X, windoku, the Kind menu following the puzzles
// entered, and every kind at phone width, a 25x25 entered too.
// Screenshots at desktop and phone sizes go to NONET_SHOTS.
//   NONET_WEB=build/web NODE_PATH=<dir with playwright-core> node web/test/e2e.mjs
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const web = path.resolve(process.env.NONET_WEB || 'build/web');
const shots = path.resolve(process.env.NONET_SHOTS || path.join(web, '..', 'web-shots'));
mkdirSync(shots, { recursive: true });
const require = createRequire(path.join(path.resolve(process.env.NONET_NODE_MODULES || '.'), 'x.js'));
const { chromium } = require('playwright-core');
const nonet = await import(path.join(web, 'nonet', 'index.js'));
const { readLine, isSolution, cellsOf: symbols } = await import('./vreferee.mjs');
const { isSolution: refIsSolution } = await import('./referee.mjs');
// Two cells of a classic grid that see each other (row, column or box).
const sees = (a, b) => a !== b && (Math.floor(a / 9) === Math.floor(b / 9) || a % 9 === b % 9 ||
  (Math.floor(a / 27) === Math.floor(b / 27) && Math.floor((a % 9) / 3) === Math.floor((b % 9) / 3)));

// ---- a static file server for the page -------------------------------------
const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json',
  '.svg': 'image/svg+xml' };
const server = createServer(async (req, res) => {
  let p = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  if (p.endsWith('/')) p += 'index.html';
  const file = path.join(web, path.normalize(p));
  if (!file.startsWith(web)) { res.writeHead(403).end(); return; }
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}/`;

// playwright gives each launch a new, empty profile of its own
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
let failures = 0;
const step = async (name, fn) => {
  try {
    await fn();
    console.log(`ok - ${name}`);
  } catch (e) {
    failures++;
    console.log(`not ok - ${name}\n  ${String(e.stack || e).split('\n').slice(0, 6).join('\n  ')}`);
  }
};

try {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const status = page.getByRole('status');
  const cells = page.getByRole('gridcell');
  const givensOf = async () => (await cells.allTextContents()).map((t) => t || '.').join('');

  let givens = '', solution = '';
  await step('a new puzzle appears, by level', async () => {
    const t0 = Date.now();
    await page.goto(base);
    await status.filter({ hasText: /new hard puzzle: \d+ givens/ }).waitFor({ timeout: 20000 });
    console.log(`  first puzzle on the page after ${Date.now() - t0} ms (with loading)`);
    givens = await givensOf();
    assert.equal(givens.length, 81);
    solution = nonet.solve(givens);
    const r = nonet.rate(givens);
    assert.ok(r.er >= 3.0 && r.er < 5.0, `a hard puzzle: ER ${r.er}`);
    assert.match(await page.locator('#rating').textContent(), /ER \d\.\d · Hard/);
  });

  await step('an ARIA grid of 81 cells in reading order, named buttons, a Level select', async () => {
    assert.equal(await page.getByRole('grid').count(), 1);
    assert.equal(await cells.count(), 81);
    const labels = await cells.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    labels.forEach((l, i) => assert.ok(l.includes(`r${Math.floor(i / 9) + 1}c${(i % 9) + 1}`), l));
    for (const name of ['New puzzle', 'Hint', 'Check', 'Undo', 'Redo', 'Erase', 'Pencil'])
      assert.equal(await page.getByRole('button', { name, exact: true }).count(), 1, name);
    assert.equal(await page.getByRole('combobox', { name: 'Level' }).count(), 1);
    assert.equal(await page.getByRole('status').count(), 1);
  });

  await step('hints teach in three steps, and show their cells', async () => {
    const hint = page.getByRole('button', { name: 'Hint', exact: true });
    await hint.click();
    await status.filter({ hasText: /^Hint: Look for an? / }).waitFor();
    await hint.click();
    await status.filter({ hasText: /^Hint: (?!Look for)/ }).waitFor();
    assert.ok(await page.locator('.hint0').count() > 0, 'the pattern is highlighted');
    await hint.click();
    await status.filter({ hasText: /(=>|=\d)/ }).waitFor();
    const text = await status.textContent();
    const step = nonet.hint(givens);
    assert.ok(text.includes(step.text), `${text} has ${step.text}`);
  });

  await step('the whole explanation, step by step, each step\'s cells on the grid', async () => {
    await page.getByRole('button', { name: 'Explain', exact: true }).click();
    await status.filter({ hasText: /^The whole path: \d+ steps/ }).waitFor();
    const expl = nonet.explain(givens);
    const list = page.getByRole('list', { name: 'Explanation' });
    const items = list.getByRole('button');
    assert.equal(await items.count(), expl.steps.length);
    assert.deepEqual(await items.allTextContents(), expl.steps.map((s) => s.text));
    // the step that decides the level: the cells of its pattern and targets
    const k = Math.max(0, expl.steps.findIndex((s) => s.technique === expl.technique));
    await items.nth(k).click();
    await status.filter({ hasText: `Step ${k + 1} of ${expl.steps.length}:` }).waitFor();
    const marked = async (cls) => (await cells.evaluateAll((els, c) => els.map((e, i) =>
      (e.classList.contains(c) ? i : -1)).filter((i) => i >= 0), cls));
    const idx = ([r, c]) => (r - 1) * 9 + (c - 1);
    const s = expl.steps[k];
    const pattern = new Set([...(await marked('hint0')), ...(await marked('hint1'))]);
    assert.deepEqual([...pattern].sort((a, b) => a - b),
      [...new Set(s.cells.map(idx))].sort((a, b) => a - b));
    assert.deepEqual(await marked('target'),
      [...new Set([...s.placements, ...s.eliminations].map(idx))].sort((a, b) => a - b));
    // the grid as it stands before the step: the digits placed by the steps before it
    const before = new Map();
    for (const t of expl.steps.slice(0, k)) for (const [r, c, d] of t.placements) before.set(idx([r, c]), d);
    assert.deepEqual(await marked('preview'), [...before.keys()].sort((a, b) => a - b));
    const texts = await cells.allTextContents();
    for (const [i, d] of before) assert.equal(texts[i], String(d));
    await page.screenshot({ path: path.join(shots, 'explain.png') });
    await page.getByRole('button', { name: 'Explain', exact: true }).click();
    assert.equal(await list.isHidden(), true);
    assert.deepEqual(await marked('preview'), []);
    assert.equal(await givensOf(), givens);
  });

  const empty = [...givens].map((c, i) => (c === '.' ? i : -1)).filter((i) => i >= 0);
  await step('pencil marks (Shift+digit and the Pencil button), undo, redo, erase', async () => {
    const i = empty[0];
    await cells.nth(i).click();
    await page.keyboard.press('Shift+Digit3');
    await page.keyboard.press('Shift+Digit5');
    assert.equal(await cells.nth(i).textContent(), '', 'pencil marks are not the cell\'s digit');
    assert.match(await cells.nth(i).getAttribute('aria-label'), /pencil marks 3 5/);
    await page.getByRole('button', { name: 'Pencil', exact: true }).click();
    await page.getByRole('button', { name: 'Digit 7' }).click();
    assert.match(await cells.nth(i).getAttribute('aria-label'), /pencil marks 3 5 7/);
    await page.getByRole('button', { name: 'Pencil', exact: true }).click();
    await cells.nth(i).click();
    await page.keyboard.press('Digit9');
    assert.equal(await cells.nth(i).textContent(), '9');
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    assert.equal(await cells.nth(i).textContent(), '');
    await page.keyboard.press('Control+y');
    assert.equal(await cells.nth(i).textContent(), '9');
    await page.getByRole('button', { name: 'Erase', exact: true }).click();
    assert.equal(await cells.nth(i).textContent(), '');
  });

  await step('Fill marks: every empty cell gets the digits its row, column and box leave; Undo takes it back', async () => {
    const labels = () => cells.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    const marksOf = (label) => {
      const m = / pencil marks ([\d ]+)/.exec(label || '');
      return m ? m[1].split(' ').map(Number) : [];
    };
    // two digits of the solution written first: the marks follow the grid
    // as it stands, not the givens alone
    for (const i of empty.slice(0, 2)) {
      await cells.nth(i).click();
      await page.keyboard.press(`Digit${solution[i]}`);
    }
    const before = await labels();
    const grid = await givensOf();
    await page.getByRole('button', { name: 'Fill pencil marks' }).click();
    const after = await labels();
    let filled = 0;
    for (let i = 0; i < 81; i++) {
      if (grid[i] !== '.') {
        assert.deepEqual(marksOf(after[i]), [], `r${Math.floor(i / 9) + 1}c${i % 9 + 1} is filled`);
        continue;
      }
      const want = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) =>
        ![...grid].some((ch, j) => ch === String(d) && sees(i, j)));
      assert.deepEqual(marksOf(after[i]), want, `r${Math.floor(i / 9) + 1}c${i % 9 + 1}`);
      assert.ok(want.includes(+solution[i]), 'the solution\'s digit is among them');
      filled++;
    }
    assert.ok(filled > 40);
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    assert.deepEqual(await labels(), before);
    for (let k = 0; k < 2; k++) await page.getByRole('button', { name: 'Undo', exact: true }).click();
    assert.equal(await givensOf(), givens, 'back to the givens');
  });

  await step('conflicts are marked; Check strikes a wrong digit', async () => {
    const i = empty[0];
    const wrong = (+solution[i] % 9) + 1;
    await cells.nth(i).click();
    await page.keyboard.press(`Digit${wrong}`);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await status.filter({ hasText: /1 digit is wrong/ }).waitFor();
    assert.equal(await page.locator('.wrong').count(), 1);
    await page.keyboard.press('Backspace');
    // a digit that repeats a given of its row, column or box is a conflict
    const peer = [...givens].findIndex((c, j) => c !== '.' && j !== i && sees(i, j));
    await page.keyboard.press(`Digit${givens[peer]}`);
    assert.ok(await page.locator('.conflict').count() >= 2);
    await page.keyboard.press('Backspace');
  });

  await step('the solution typed with the keyboard alone; the game survives a reload', async () => {
    await cells.nth(0).click(); // then only keys
    let at = 0;
    const goTo = async (i) => {
      while (at !== i) {
        const dr = Math.floor(i / 9) - Math.floor(at / 9), dc = (i % 9) - (at % 9);
        const key = dr > 0 ? 'ArrowDown' : dr < 0 ? 'ArrowUp' : dc > 0 ? 'ArrowRight' : 'ArrowLeft';
        await page.keyboard.press(key);
        at += key === 'ArrowDown' ? 9 : key === 'ArrowUp' ? -9 : key === 'ArrowRight' ? 1 : -1;
      }
    };
    const half = Math.floor(empty.length / 2);
    for (const i of empty.slice(0, half)) {
      await goTo(i);
      await page.keyboard.press(`Digit${solution[i]}`);
    }
    const before = await givensOf();
    await page.reload();
    await status.filter({ hasText: /back where you left it/ }).waitFor({ timeout: 20000 });
    assert.equal(await givensOf(), before, 'the game is kept');
    await cells.nth(0).click();
    at = 0;
    for (const i of empty.slice(half)) {
      await goTo(i);
      await page.keyboard.press(`Digit${solution[i]}`);
    }
    await status.filter({ hasText: 'Solved!' }).waitFor();
    assert.equal(await givensOf(), solution);
  });

  await step('desktop screenshot', async () => {
    await page.screenshot({ path: path.join(shots, 'desktop.png'), fullPage: true });
  });

  await step('bad input says what is wrong, the game is kept', async () => {
    await page.getByRole('button', { name: 'New puzzle' }).click();
    await status.filter({ hasText: /A new hard puzzle: \d+ givens/ }).waitFor({ timeout: 20000 });
    const kept = await givensOf();
    await page.locator('summary').click();
    const paste = page.getByLabel(/^Puzzle \(81/);
    const load = page.getByRole('button', { name: 'Play this puzzle' });
    // two solutions: givens taken away until the count says so; none: one
    // digit that breaks no rule but is not the solution's
    let two = givens;
    for (let i = 0; nonet.count(two, { limit: 2 }) < 2; i++)
      if (two[i] !== '.') two = two.slice(0, i) + '.' + two.slice(i + 1);
    let none = null;
    for (let i = 0; i < 81 && !none; i++) {
      if (givens[i] !== '.') continue;
      for (let d = 1; d <= 9 && !none; d++) {
        const t = givens.slice(0, i) + d + givens.slice(i + 1);
        if (String(d) !== solution[i] && !nonet.parse(t).conflicts.length) none = t;
      }
    }
    assert.equal(nonet.count(none, { limit: 2 }), 0);
    for (const [text, msg] of [
      ['garbage', /not a puzzle nonet can play: character 'g'/],
      [givens.slice(0, 80), /too few cells: 80 of 81/],
      [two, /cannot be played: it has more than one solution/],
      [none, /cannot be played: it has no solution/],
      ['11' + '.'.repeat(79), /row 1 has two 1s/],
      // minutes of search (over 90 s natively): turned down after the
      // page's 30 s
      ['size=25 box=5x5 constraints=windoku,diagonals cells=' + '.'.repeat(625),
        /cannot be played: nonet found no solution within 30 s/],
    ]) {
      await paste.fill(text);
      await load.click();
      try {
        await status.filter({ hasText: msg }).waitFor({ timeout: 45000 });
      } catch (e) {
        throw new Error(`for '${text}' the status says '${await status.textContent()}'`);
      }
      assert.equal(await givensOf(), kept, 'the game in progress is kept');
    }
    await paste.fill(givens);
    await load.click();
    await status.filter({ hasText: /Puzzle entered: one solution/ }).waitFor();
    assert.equal(await givensOf(), givens);
  });

  await step('a puzzle in the link', async () => {
    const p = nonet.generate({ seed: 11 })[0].puzzle;
    await page.goto(`${base}#${p}`);
    await status.filter({ hasText: /from the link/ }).waitFor({ timeout: 20000 });
    assert.equal(await givensOf(), p);
  });

  await step('print: the puzzle as the HTML renderer makes it', async () => {
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Print', exact: true }).click(),
    ]);
    await popup.waitForLoadState();
    assert.ok(await popup.locator('.page').count() >= 1);
    await popup.close();
  });

  await step('offline once loaded', async () => {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null ||
      navigator.serviceWorker.ready.then(() => true), null, { timeout: 10000 });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 10000 });
    await context.setOffline(true);
    await page.reload();
    await status.filter({ hasText: /back where you left it|Solved/ }).waitFor({ timeout: 20000 });
    await page.getByRole('button', { name: 'New puzzle' }).click();
    await status.filter({ hasText: /A new hard puzzle: \d+ givens/ }).waitFor({ timeout: 20000 });
    await context.setOffline(false);
  });

  await step('installable as an app (manifest, icon, service worker)', async () => {
    // Chromium's own check, the one behind its Install button; a
    // playwright context is incognito-like, which it names and which is
    // not the page's doing: every other reason (no icon of 144 px or
    // more, no service worker, a bad manifest) fails the step
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const left = installabilityErrors.filter((e) => e.errorId !== 'in-incognito');
    assert.deepEqual(left, [], JSON.stringify(left));
    const { errors: bad } = await cdp.send('Page.getAppManifest');
    assert.deepEqual(bad, []);
    const icon = await page.request.get(base + 'icon.svg');
    assert.equal(icon.status(), 200);
    assert.match(await icon.text(), /^<svg /);
    await cdp.detach();
  });

  await step('no script errors', async () => {
    assert.deepEqual(errors, []);
  });
  await context.close();

  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true,
    isMobile: true, deviceScaleFactor: 2 });
  await step('phone size: the grid fits, cells take taps', async () => {
    const p = await phone.newPage();
    await p.goto(base);
    await p.getByRole('status').filter({ hasText: /A new hard puzzle: \d+ givens/ }).waitFor({ timeout: 20000 });
    const box = await p.getByRole('grid').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 375, `grid ${JSON.stringify(box)}`);
    const g = (await p.getByRole('gridcell').allTextContents()).map((t) => t || '.').join('');
    const i = g.indexOf('.');
    await p.getByRole('gridcell').nth(i).tap();
    await p.getByRole('button', { name: 'Digit 5' }).tap();
    assert.equal(await p.getByRole('gridcell').nth(i).textContent(), '5');
    const width = await p.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 375, `no sideways scrolling (${width})`);
    await p.screenshot({ path: path.join(shots, 'phone.png'), fullPage: true });
  });
  await phone.close();

  for (const scheme of ['dark', 'light']) await step(`${scheme} mode: text readable (WCAG contrast)${scheme === 'dark' ? ', a dark page where the system asks for one' : ''}`, async () => {
    const dark = await browser.newContext({ viewport: { width: 1100, height: 900 }, colorScheme: scheme });
    const p = await dark.newPage();
    await p.goto(base);
    await p.getByRole('status').filter({ hasText: /A new hard puzzle: \d+ givens/ }).waitFor({ timeout: 20000 });
    const g = p.getByRole('gridcell');
    const texts = await g.allTextContents();
    const given = texts.findIndex((t) => t !== '');
    const open = texts.findIndex((t) => t === '');
    const sol = nonet.solve(texts.map((t) => t || '.').join(''));
    // a right digit of the player's; a digit that repeats a given of its
    // row (a conflict); pencil marks in the other empty cells
    await g.nth(open).click();
    await p.keyboard.press(`Digit${sol[open]}`);
    const bad = texts.findIndex((t, i) => t === '' && i !== open &&
      texts.some((u, j) => u !== '' && Math.floor(j / 9) === Math.floor(i / 9)));
    const twin = texts.findIndex((u, j) => u !== '' && Math.floor(j / 9) === Math.floor(bad / 9));
    await g.nth(bad).click();
    await p.keyboard.press(`Digit${texts[twin]}`);
    await p.getByRole('button', { name: 'Fill pencil marks' }).click();
    const marked = (await g.evaluateAll((els) => els.map((e) => !!e.dataset.marks))).indexOf(true);
    await g.nth(marked).click(); // another cell selected
    const colours = await p.evaluate(([gi, oi, mi, bi]) => {
      const cells = document.querySelectorAll('[role=gridcell]');
      const cs = (e, pseudo) => getComputedStyle(e, pseudo || null);
      const btn = document.getElementById('hint');
      return {
        body: [cs(document.body).color, cs(document.body).backgroundColor],
        given: [cs(cells[gi]).color, cs(cells[gi]).backgroundColor],
        entry: [cs(cells[oi]).color, cs(cells[oi]).backgroundColor],
        conflict: [cs(cells[bi]).color, cs(cells[bi]).backgroundColor],
        marks: [cs(cells[mi], '::after').color, cs(cells[mi]).backgroundColor],
        button: [cs(btn).color, cs(btn).backgroundColor],
        footer: [cs(document.querySelector('footer')).color, cs(document.body).backgroundColor],
      };
    }, [given, open, marked, bad]);
    const lum = (c) => {
      const [r, gg, b] = c.match(/\d+(\.\d+)?/g).slice(0, 3).map((x) => {
        const v = +x / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * gg + 0.0722 * b;
    };
    const contrast = ([fg, bg]) => {
      const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      return (a + 0.05) / (b + 0.05);
    };
    if (scheme === 'dark') assert.ok(lum(colours.body[1]) < 0.05, `a dark page: ${colours.body[1]}`);
    else assert.ok(lum(colours.body[1]) > 0.9, `a light page: ${colours.body[1]}`);
    for (const [what, pair] of Object.entries(colours))
      assert.ok(contrast(pair) >= 4.5, `${what}: ${pair.join(' on ')} is ${contrast(pair).toFixed(2)}:1`);
    if (scheme === 'dark') await p.screenshot({ path: path.join(shots, 'dark.png') });
    // printed, the page stays light
    await p.emulateMedia({ media: 'print' });
    const printed = await p.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.ok(lum(printed) > 0.9, `printed on white: ${printed}`);
    await dark.close();
  });

  // ---- variants: the Kind choice -------------------------------------------
  const vctx = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const vp = await vctx.newPage();
  const verrors = [];
  vp.on('pageerror', (e) => verrors.push(String(e)));
  const vstatus = vp.getByRole('status');
  const vcells = vp.getByRole('gridcell');
  const kind = vp.getByRole('combobox', { name: 'Kind' });
  const vpuzzle = async () => decodeURIComponent((await vp.locator('#share').getAttribute('href')).slice(1));
  const vgrid = async () => (await vcells.allTextContents()).map((t) => t || '.').join('');
  const classes = (cls) => vcells.evaluateAll((els, c) => els.map((e, i) =>
    (e.classList.contains(c) ? i : -1)).filter((i) => i >= 0), cls);
  // the NxN kind (R x C boxes) from the Kind menu: a new puzzle, easy,
  // medium or hard, N*N cells, N keys, thick borders where two boxes meet
  const pickBoxed = async (n, br, bc) => {
    await kind.selectOption(`${n}x${n}`);
    await until(vstatus, new RegExp(`A new ${n}x${n} puzzle: \\d+ givens, one solution, (easy|medium|hard)`));
    assert.equal(await vcells.count(), n * n);
    assert.equal(await vp.locator('.pad button').count(), n);
    const all = [...Array(n * n).keys()];
    assert.deepEqual(await classes('br'), all.filter((k) => k % n % bc === bc - 1 && k % n < n - 1));
    assert.deepEqual(await classes('bb'), all.filter((k) => Math.floor(k / n) % br === br - 1 && k < n * (n - 1)));
  };
  // a cell by click, then its digit by key
  const typeAt = async (i, ch) => {
    await vcells.nth(i).click();
    await vp.keyboard.press(/[A-G]/.test(ch) ? `Key${ch}` : `Digit${ch}`);
  };
  // a status to come, or an error that says what the status says instead
  const until = async (st, re) => {
    try {
      await st.filter({ hasText: re }).waitFor({ timeout: 20000 });
    } catch (e) {
      throw new Error(`waiting for ${re}, the status says '${await st.textContent()}'`);
    }
  };
  await vp.goto(base);
  await vstatus.filter({ hasText: /new hard puzzle/ }).waitFor({ timeout: 20000 });

  await step('Killer 9x9: cages drawn, conflicts, Check, hints, solved by typing the solution', async () => {
    // every level for killers (hard and expert since the next puzzle is
    // made ahead); medium here, for the steps below
    const lsel = vp.getByRole('combobox', { name: 'Level' });
    await lsel.selectOption('medium');
    await kind.selectOption('killer');
    await until(vstatus, /A new Killer 9x9 puzzle: \d+ givens, \d+ cages, one solution, medium/);
    assert.equal(await lsel.inputValue(), 'medium');
    assert.deepEqual(await lsel.locator('option').evaluateAll((os) => os.filter((o) => o.disabled).map((o) => o.value)),
      []);
    assert.equal(await vp.getByRole('combobox', { name: 'Symmetry' }).isHidden(), true,
      'the symmetry is for classic puzzles');
    await vp.locator('#rating').filter({ hasText: /^Medium by technique/ }).waitFor();
    const puzzle = await vpuzzle();
    const v = nonet.parse(puzzle).variant;
    const sol = nonet.solve(puzzle);
    const ncages = +/(\d+) cages/.exec(await vstatus.textContent())[1];
    assert.equal(ncages, v.cages.length);
    assert.equal(await vcells.count(), 81);
    // one sum per cage, in its first cell; each cage cell outlined on the
    // sides where its cage ends
    const sums = await vcells.evaluateAll((els) => els.map((e, i) => [i, e.dataset.sum || ''])
      .filter(([, s]) => s !== ''));
    assert.equal(sums.length, v.cages.length, 'as many cage outlines (sums) as cages');
    for (const g of v.cages)
      assert.ok(sums.some(([i, s]) => i === Math.min(...g.cells) && +s === g.sum), `cage ${g.sum}`);
    const cageOf = new Map();
    v.cages.forEach((g, k) => g.cells.forEach((i) => cageOf.set(i, k)));
    assert.equal((await classes('cage')).length, cageOf.size);
    const tops = [...cageOf.keys()].filter((i) => i < 9 || cageOf.get(i - 9) !== cageOf.get(i));
    assert.deepEqual(await classes('kt'), tops.sort((a, b) => a - b));
    const style = await vcells.nth(tops[0]).evaluate((e) => getComputedStyle(e, '::before').borderTopStyle);
    assert.equal(style, 'dashed');
    // two equal digits in one cage: a conflict
    const g0 = v.cages.find((g) => g.cells.filter((i) => v.cells[i] === 0).length >= 2);
    const [a, b] = g0.cells.filter((i) => v.cells[i] === 0);
    await typeAt(a, '1');
    await typeAt(b, '1');
    assert.ok((await classes('conflict')).includes(a) && (await classes('conflict')).includes(b));
    await vp.keyboard.press('Backspace');
    await vcells.nth(a).click();
    await vp.keyboard.press('Backspace');
    // a wrong digit: Check says so
    const wrong = (+sol[a] % 9) + 1;
    await typeAt(a, String(wrong));
    await vp.getByRole('button', { name: 'Check', exact: true }).click();
    await vstatus.filter({ hasText: /1 digit is wrong/ }).waitFor();
    assert.equal((await classes('wrong')).join(), String(a));
    await vp.keyboard.press('Backspace');
    // hints: the nudge first, then the pattern, then the step
    const hint = vp.getByRole('button', { name: 'Hint', exact: true });
    const expect = nonet.hint(puzzle, { grid: await vgrid() });
    await hint.click();
    await vstatus.filter({ hasText: /^Hint: Look for/ }).waitFor();
    await hint.click();
    await vstatus.filter({ hasText: /^Hint: (?!Look for)/ }).waitFor();
    assert.ok((await classes('hint0')).length > 0, 'the pattern is highlighted');
    await hint.click();
    await vstatus.filter({ hasText: expect.text }).waitFor();
    // pencil marks and undo
    await vcells.nth(a).click();
    await vp.keyboard.press('Shift+Digit4');
    assert.match(await vcells.nth(a).getAttribute('aria-label'), /cage of \d+, pencil marks 4/);
    await vp.getByRole('button', { name: 'Undo', exact: true }).click();
    // half the solution, a reload (the game and its cages are kept), the rest
    const empty = [...v.cells.keys()].filter((i) => v.cells[i] === 0);
    const half = Math.floor(empty.length / 2);
    for (const i of empty.slice(0, half)) await typeAt(i, sol[i]);
    await vp.reload();
    await vstatus.filter({ hasText: /back where you left it/ }).waitFor({ timeout: 20000 });
    assert.equal(await kind.inputValue(), 'killer');
    assert.equal((await classes('cage')).length, cageOf.size);
    for (const i of empty.slice(half)) await typeAt(i, sol[i]);
    await vstatus.filter({ hasText: 'Solved!' }).waitFor();
    assert.equal(await vgrid(), sol);
    assert.match(await vp.locator('#rating').textContent(), /by technique/);
  });

  await step('Killer: print shows the puzzle', async () => {
    const [popup] = await Promise.all([
      vp.waitForEvent('popup'),
      vp.getByRole('button', { name: 'Print', exact: true }).click(),
    ]);
    await popup.waitForLoadState();
    assert.ok(await popup.locator('.page').count() >= 1);
    await popup.close();
  });

  await step('the next puzzle is made ahead: a hard killer at once, of its level', async () => {
    const lsel = vp.getByRole('combobox', { name: 'Level' });
    const made = () => vp.evaluate(() => document.body.dataset.made);
    const ready = () => vp.waitForFunction(() => document.body.dataset.ahead === 'ready', null, { timeout: 60000 });
    const before = await vpuzzle();
    await lsel.selectOption('hard');
    await vp.getByRole('button', { name: 'New puzzle' }).click();
    await until(vstatus, /A new Killer 9x9 puzzle: 0 givens, \d+ cages, one solution, hard/);
    assert.notEqual(await vpuzzle(), before);
    // a puzzle made ahead for another level is not taken
    await ready();
    await lsel.selectOption('medium');
    await vp.getByRole('button', { name: 'New puzzle' }).click();
    await until(vstatus, /A new Killer 9x9 puzzle: 0 givens, \d+ cages, one solution, medium/);
    assert.equal(await made(), 'now', 'the hard one made ahead is not taken for medium');
    await lsel.selectOption('hard');
    await vp.getByRole('button', { name: 'New puzzle' }).click();
    await until(vstatus, /A new Killer 9x9 puzzle: 0 givens, \d+ cages, one solution, hard/);
    assert.equal(await made(), 'now', 'the medium one made ahead is not taken for hard');
    let last = await vpuzzle();
    for (let round = 0; round < 2; round++) {
      await ready();
      const t0 = Date.now();
      await vp.getByRole('button', { name: 'New puzzle' }).click();
      await vp.waitForFunction((b) => decodeURIComponent(document.getElementById('share')
        .getAttribute('href').slice(1)) !== b, last, { timeout: 20000 });
      await until(vstatus, /A new Killer 9x9 puzzle: 0 givens, \d+ cages, one solution, hard/);
      console.log(`  a hard killer made ahead on the grid ${Date.now() - t0} ms after New puzzle`);
      assert.equal(await made(), 'ahead');
      const puzzle = await vpuzzle();
      assert.notEqual(puzzle, last);
      // (the page's puzzles come from random seeds: the JavaScript
      // referee's count of a cages-only killer takes from milliseconds to
      // minutes, so it is asked of the generator's seeded puzzles in
      // api.test.mjs; here the solution is checked against the rules)
      const { rules, cells } = readLine(puzzle);
      assert.equal(nonet.count(puzzle, { limit: 2 }), 1, `unique: ${puzzle}`);
      assert.ok(isSolution(rules, cells, symbols(nonet.solve(puzzle), 9)), 'its solution keeps the rules');
      assert.ok(rules.cages.length > 0 && cells.every((d) => d === 0), 'cages only');
      assert.equal(nonet.level(puzzle).level, 'Hard');
      await vp.locator('#rating').filter({ hasText: /^Hard by technique/ }).waitFor();
      last = puzzle;
    }
    // a hint while the next one is being made: the engine's worker is free
    await ready();
    await vp.getByRole('button', { name: 'New puzzle' }).click();
    await until(vstatus, /one solution, hard/);
    await vp.getByRole('button', { name: 'Hint', exact: true }).click();
    await until(vstatus, /^Hint: /);
    // killer 6x6 has no hard level: the chosen hard becomes medium
    await kind.selectOption('killer6');
    await until(vstatus, /A new Killer 6x6 puzzle: .*one solution, medium/);
    assert.equal(await lsel.inputValue(), 'medium');
    assert.deepEqual(await lsel.locator('option').evaluateAll((os) => os.filter((o) => o.disabled).map((o) => o.value)),
      ['hard']);
  });

  await step('a generator that gives up ("rare for these rules") is asked twice more, then the page says so', async () => {
    // each worker (the engine's and the one making puzzles ahead) answers
    // its first `fails` generate calls with the generator's give-up message
    for (const [fails, want] of [[2, /^A new hard puzzle: \d+ givens, one solution\.$/],
      [3, /^No new puzzle: .*rare for these rules, given up\. The game in progress is kept\.$/]]) {
      const ctx2 = await browser.newContext({ serviceWorkers: 'block' });
      await ctx2.route(base + 'nonet/worker.js', async (route) => {
        let real;
        try {
          real = await (await route.fetch()).text();
        } catch (e) {
          return; /* the context closed meanwhile */
        }
        const hook = `self.onmessage = (e) => {
          if (e.data.fn === 'generate' && (self.nonetFails = (self.nonetFails || 0) + 1) <= ${fails}) {
            self.postMessage({ id: e.data.id,
              error: 'only 0 of 1 unique minimal puzzle of level Hard found: rare for these rules, given up' });
            return;
          }
          real(e);
        };
        const real = (e) => {`;
        assert.ok(real.includes('self.onmessage = (e) => {'));
        route.fulfill({ contentType: 'text/javascript', body: real.replace('self.onmessage = (e) => {', hook) });
      });
      const p2 = await ctx2.newPage();
      const e2 = [];
      p2.on('pageerror', (e) => e2.push(String(e)));
      await p2.goto(base);
      await p2.getByRole('status').filter({ hasText: want }).waitFor({ timeout: 20000 });
      assert.deepEqual(e2, []);
      // (the worker that makes puzzles ahead may still be loading)
      await ctx2.unrouteAll({ behavior: 'ignoreErrors' });
      await ctx2.close();
    }
  });

  await step('the package\'s client answers calls made before its worker has loaded', async () => {
    // (createWorker() then a call at once, as its README shows: such a
    // call's message used to reach the worker before its handler, and
    // its promise never settled)
    // (a context without service workers: the page's would answer the
    // request before the route does)
    const ctx2 = await browser.newContext({ serviceWorkers: 'block' });
    const page2 = await ctx2.newPage();
    await page2.route(base + 'client-now.html', (route) => route.fulfill({ contentType: 'text/html',
      body: `<!DOCTYPE html><script type="module">
        import { createWorker } from './nonet/client.js';
        const w = createWorker();
        Promise.all([w.count('${givens}'), w.solve('${givens}'), w.version])
          .then(([n, s, v]) => { document.title = n + ' ' + s + ' ' + v; });
      </script>` }));
    await page2.goto(base + 'client-now.html');
    await page2.waitForFunction(() => document.title !== '', null, { timeout: 20000 });
    const [n, s] = (await page2.title()).split(' ');
    assert.equal(n, '1');
    assert.ok(refIsSolution(givens, s));
    await ctx2.close();
  });

  await step('Jigsaw 9x9: thick borders where regions differ', async () => {
    // a level the player picks for a variant: the puzzle is of that level
    await vp.getByRole('combobox', { name: 'Level' }).selectOption('easy');
    await kind.selectOption('jigsaw');
    await until(vstatus, /A new Jigsaw 9x9 puzzle: \d+ givens, one solution, easy/);
    await vp.locator('#rating').filter({ hasText: /^Easy by technique/ }).waitFor();
    assert.equal(nonet.level((await vpuzzle())).level, 'Easy');
    const puzzle = await vpuzzle();
    const v = nonet.parse(puzzle).variant;
    assert.ok(v.regions, puzzle);
    assert.equal(await vgrid(), nonet.parse(puzzle).cells);
    const right = [...Array(81).keys()].filter((i) => i % 9 < 8 && v.regions[i] !== v.regions[i + 1]);
    const below = [...Array(81).keys()].filter((i) => i < 72 && v.regions[i] !== v.regions[i + 9]);
    assert.deepEqual(await classes('br'), right);
    assert.deepEqual(await classes('bb'), below);
    assert.equal(await vcells.nth(right[0]).evaluate((e) => getComputedStyle(e).borderRightWidth), '2px');
    // a digit repeating a given of its region (not row or column): a conflict
    const empty = [...Array(81).keys()].filter((i) => v.cells[i] === 0);
    let pair = null;
    for (const i of empty) {
      const j = [...Array(81).keys()].find((k) => v.cells[k] && v.regions[k] === v.regions[i] &&
        Math.floor(k / 9) !== Math.floor(i / 9) && k % 9 !== i % 9);
      if (j !== undefined) { pair = [i, j]; break; }
    }
    await typeAt(pair[0], String(v.cells[pair[1]]));
    assert.ok((await classes('conflict')).includes(pair[0]));
    await vp.keyboard.press('Backspace');
    await vp.getByRole('button', { name: 'Hint', exact: true }).click();
    await vstatus.filter({ hasText: /^Hint: Look for/ }).waitFor();
  });

  await step('6x6, Sudoku X, Windoku: the grid and pad of the kind, shaded cells', async () => {
    await kind.selectOption('6x6');
    await until(vstatus, /A new 6x6 puzzle/);
    assert.equal(await vcells.count(), 36);
    assert.equal(await vp.locator('.pad button').count(), 6);
    const p6 = await vpuzzle();
    const s6 = nonet.solve(p6);
    const e6 = [...(await vgrid())].map((c, i) => (c === '.' ? i : -1)).filter((i) => i >= 0);
    await typeAt(e6[0], '7'); // no digit 7 on a 6x6 grid
    assert.equal(await vcells.nth(e6[0]).textContent(), '');
    for (const i of e6) {
      await vcells.nth(i).click();
      await vp.getByRole('button', { name: `Digit ${s6[i]}` }).click();
    }
    await vstatus.filter({ hasText: 'Solved!' }).waitFor();
    await kind.selectOption('x');
    await until(vstatus, /A new Sudoku X puzzle/);
    assert.equal((await classes('extra')).length, 17);
    await kind.selectOption('windoku');
    await until(vstatus, /A new Windoku puzzle/);
    assert.equal((await classes('extra')).length, 36);
    // expert: a puzzle whose path needs a chain, no trial and error
    await vp.getByRole('combobox', { name: 'Level' }).selectOption('expert');
    await kind.selectOption('x');
    await until(vstatus, /A new Sudoku X puzzle: \d+ givens, one solution, expert/);
    await vp.locator('#rating').filter({ hasText: /^Expert by technique/ }).waitFor();
    const ex = nonet.level(await vpuzzle());
    assert.equal(ex.level, 'Expert');
    assert.ok(['X-Chain', 'XY-Chain', 'AIC'].includes(ex.technique), ex.technique);
    await vp.getByRole('combobox', { name: 'Level' }).selectOption('hard');
    await kind.selectOption('classic');
    await until(vstatus, /A new hard puzzle: \d+ givens/);
    assert.equal(await vcells.count(), 81);
    assert.equal((await classes('cage')).length + (await classes('extra')).length, 0);
    assert.equal(await vp.getByRole('combobox', { name: 'Level' }).isVisible(), true);
  });

  await step('Nonconsecutive, Anti-king, Disjoint groups, 12x12: their rules as conflicts', async () => {
    const N9 = [...Array(81).keys()];
    const rc = (i, n = 9) => [Math.floor(i / n), i % n];
    // a digit next to a given's in an orthogonal neighbour: both marked
    await kind.selectOption('nonconsecutive');
    // at the level chosen before, hard, which nonconsecutive has
    await until(vstatus, /A new Nonconsecutive puzzle: \d+ givens, one solution, hard/);
    // its levels: all five (medium takes about a second, the next one
    // made ahead)
    assert.deepEqual(await vp.getByRole('combobox', { name: 'Level' }).locator('option')
      .evaluateAll((os) => os.filter((o) => !o.disabled).map((o) => o.value)),
    ['easy', 'medium', 'hard', 'expert', 'extreme']);
    assert.match(await vp.locator('#rules').textContent(), /Nonconsecutive: neighbours never differ by 1/);
    let v = nonet.parse(await vpuzzle()).variant;
    let sol = nonet.solve(await vpuzzle());
    const orth = (i) => N9.filter((k) => Math.abs(rc(k)[0] - rc(i)[0]) + Math.abs(rc(k)[1] - rc(i)[1]) === 1);
    const i = N9.find((k) => !v.cells[k] && orth(k).some((j) => v.cells[j]));
    const j = orth(i).find((k) => v.cells[k]);
    const next = v.cells[j] < 9 ? v.cells[j] + 1 : v.cells[j] - 1;
    await typeAt(i, String(next));
    assert.deepEqual((await classes('conflict')).filter((k) => k === i || k === j).sort((a, b) => a - b),
      [i, j].sort((a, b) => a - b));
    await vp.keyboard.press('Backspace');
    assert.equal((await classes('conflict')).length, 0);
    // the digit written leaves the digits next to it out of its empty
    // neighbours' pencil marks
    const a = N9.find((k) => !v.cells[k] && orth(k).some((m) => !v.cells[m]));
    const b = orth(a).find((m) => !v.cells[m]);
    const d = +sol[a], e = d < 9 ? d + 1 : d - 1;
    await vcells.nth(b).click();
    await vp.keyboard.press(`Shift+Digit${e}`);
    assert.match(await vcells.nth(b).getAttribute('aria-label'), new RegExp(`pencil marks .*${e}`));
    await typeAt(a, String(d));
    assert.doesNotMatch(await vcells.nth(b).getAttribute('aria-label') || '', new RegExp(`pencil marks .*${e}`));
    await vp.keyboard.press('Backspace');
    // Anti-king: a given's digit diagonally next to it
    await kind.selectOption('anti-king');
    await until(vstatus, /A new Anti-king puzzle: \d+ givens, one solution, (easy|medium|hard)/);
    v = nonet.parse(await vpuzzle()).variant;
    const diag = (k) => N9.filter((m) => Math.abs(rc(m)[0] - rc(k)[0]) === 1 && Math.abs(rc(m)[1] - rc(k)[1]) === 1);
    const ik = N9.find((k) => !v.cells[k] && diag(k).some((m) => v.cells[m]));
    assert.ok(ik !== undefined, 'an empty cell diagonally next to a given');
    const jk = diag(ik).find((m) => v.cells[m]);
    await typeAt(ik, String(v.cells[jk]));
    assert.ok((await classes('conflict')).includes(ik) && (await classes('conflict')).includes(jk));
    await vp.keyboard.press('Backspace');
    // Disjoint groups: a given's digit at the same place of another box,
    // in another row and column
    await kind.selectOption('disjoint');
    await until(vstatus, /A new Disjoint groups puzzle: \d+ givens, one solution, (easy|medium|hard)/);
    v = nonet.parse(await vpuzzle()).variant;
    const place = (k) => (rc(k)[0] % 3) * 3 + (rc(k)[1] % 3);
    let pair = null;
    for (const k of N9.filter((x) => !v.cells[x])) {
      const m = N9.find((x) => v.cells[x] && place(x) === place(k) && rc(x)[0] !== rc(k)[0] && rc(x)[1] !== rc(k)[1]);
      if (m !== undefined) { pair = [k, m]; break; }
    }
    await typeAt(pair[0], String(v.cells[pair[1]]));
    assert.ok((await classes('conflict')).includes(pair[0]) && (await classes('conflict')).includes(pair[1]));
    await vp.keyboard.press('Backspace');
    // 12x12: 3x4 boxes, twelve keys, letters A-C, solved by typing
    await pickBoxed(12, 3, 4);
    const p12 = await vpuzzle();
    const s12 = nonet.solve(p12);
    assert.equal(nonet.count(p12, { limit: 2 }), 1);
    const e12 = [...(await vgrid())].map((c, k) => (c === '.' ? k : -1)).filter((k) => k >= 0);
    await typeAt(e12[0], 'D'); // no digit 13 on a 12x12 grid
    assert.equal(await vcells.nth(e12[0]).textContent(), '');
    for (const k of e12) await typeAt(k, s12[k]);
    await vstatus.filter({ hasText: 'Solved!' }).waitFor();
    assert.equal(await vgrid(), s12);
    await kind.selectOption('classic');
    await until(vstatus, /A new \w+ puzzle: \d+ givens/);
  });

  await step('variants entered as text and in the link; 16x16 with letter keys', async () => {
    const [k6] = nonet.generate({ size: 6, killer: true, seed: 5 });
    await vp.locator('#more').evaluate((d) => { d.open = true; });
    await vp.getByLabel(/^Puzzle \(81/).fill(k6.puzzle);
    await vp.getByRole('button', { name: 'Play this puzzle' }).click();
    await until(vstatus, /Puzzle entered: one solution/);
    assert.equal(await vcells.count(), 36);
    assert.equal((await classes('cage')).length, 36);
    assert.equal(await vpuzzle(), nonet.parse(k6.puzzle).puzzle);
    // the Kind menu follows the puzzle entered (it said Classic 9x9)
    assert.equal(await kind.inputValue(), 'killer6');
    const [j] = nonet.generate({ size: 9, jigsaw: true, seed: 6 });
    await vp.goto(`${base}#${encodeURIComponent(j.puzzle)}`);
    await until(vstatus, /from the link/);
    assert.equal(await vgrid(), nonet.parse(j.puzzle).cells);
    assert.ok((await classes('br')).some((i) => i % 3 !== 2), 'jigsaw borders');
    assert.equal(await kind.inputValue(), 'jigsaw');
    const [b16] = nonet.generate({ size: 16, seed: 7 });
    await vp.locator('#more').evaluate((d) => { d.open = true; });
    await vp.getByLabel(/^Puzzle \(81/).fill(b16.puzzle);
    await vp.getByRole('button', { name: 'Play this puzzle' }).click();
    await until(vstatus, /Puzzle entered: one solution/);
    assert.equal(await vcells.count(), 256);
    assert.equal(await kind.inputValue(), '16x16');
    assert.equal(await vp.locator('.pad button').count(), 16);
    const i = [...(await vgrid())].indexOf('.');
    await typeAt(i, 'G');
    assert.equal(await vcells.nth(i).textContent(), 'G');
    await vp.keyboard.press('Backspace');
    await vp.keyboard.press('Shift+KeyA');
    assert.match(await vcells.nth(i).getAttribute('aria-label'), /pencil marks A/);
    // ... and from the Kind menu: a new one with 4x4 boxes, at most medium
    await pickBoxed(16, 4, 4);
    const p16 = await vpuzzle();
    assert.equal(nonet.count(p16, { limit: 2 }), 1);
    const s16 = nonet.solve(p16);
    const e16 = [...(await vgrid())].map((c, k) => (c === '.' ? k : -1)).filter((k) => k >= 0);
    await typeAt(e16[0], s16[e16[0]]);
    assert.equal(await vcells.nth(e16[0]).textContent(), s16[e16[0]]);
    await kind.selectOption('classic');
    await until(vstatus, /A new \w+ puzzle: \d+ givens/);
  });

  await step('the Kind menu follows a puzzle entered; New puzzle makes one of its kind, or of its rules', async () => {
    const paste = async (text) => {
      await vp.locator('#more').evaluate((d) => { d.open = true; });
      await vp.getByLabel(/^Puzzle \(81/).fill(text);
      await vp.getByRole('button', { name: 'Play this puzzle' }).click();
      await until(vstatus, /Puzzle entered: one solution/);
      const n = nonet.parse(text).size || 9;
      await vp.waitForFunction((k) => document.querySelectorAll('[role="gridcell"]').length === k, n * n);
    };
    const newPuzzle = async (re) => {
      await vp.getByRole('button', { name: 'New puzzle' }).click();
      await until(vstatus, re);
      return nonet.parse(await vpuzzle()).variant;
    };
    const symmetry = vp.getByRole('combobox', { name: 'Symmetry' });
    const options = () => kind.locator('option').evaluateAll((os) => os.map((o) => [o.value, o.textContent]));
    const menu = await options();
    assert.equal(await kind.inputValue(), 'classic');
    // a killer: the menu's Killer 9x9, and New puzzle makes a killer
    const [k9] = nonet.generate({ size: 9, killer: true, seed: 2 });
    await paste(k9.puzzle);
    assert.equal(await kind.inputValue(), 'killer');
    assert.equal(await symmetry.isHidden(), true);
    let v = await newPuzzle(/A new Killer 9x9 puzzle: \d+ givens, \d+ cages/);
    assert.ok(v.size === 9 && v.cages.length > 0 && !v.regions, 'a 9x9 killer');
    // Sudoku X and a 6x6 likewise
    await paste(nonet.generate({ size: 9, constraints: ['diagonals'], seed: 3 })[0].puzzle);
    assert.equal(await kind.inputValue(), 'x');
    await paste(nonet.generate({ size: 6, seed: 3 })[0].puzzle);
    assert.equal(await kind.inputValue(), '6x6');
    v = await newPuzzle(/A new 6x6 puzzle/);
    assert.deepEqual([v.size, v.box, v.cages, v.constraints], [6, [2, 3], undefined, undefined]);
    // rules the menu lacks (a 4x4 Sudoku X): an entry of their own, at the
    // easy level; New puzzle makes a puzzle of those rules
    const [x4] = nonet.generate({ size: 4, constraints: ['diagonals'], seed: 4 });
    await paste(x4.puzzle);
    assert.equal(await kind.inputValue(), 'entered');
    assert.deepEqual(await options(), [...menu, ['entered', 'Sudoku X 4x4']]);
    const lsel = vp.getByRole('combobox', { name: 'Level' });
    assert.equal(await lsel.inputValue(), 'easy');
    assert.deepEqual(await lsel.locator('option').evaluateAll((os) => os.filter((o) => !o.disabled).map((o) => o.value)),
      ['easy']);
    v = await newPuzzle(/A new Sudoku X 4x4 puzzle: \d+ givens, one solution, easy/);
    assert.deepEqual([v.size, v.box, v.constraints], [4, [2, 2], ['diagonals']]);
    assert.equal(nonet.count(await vpuzzle(), { limit: 2 }), 1);
    assert.equal(await kind.inputValue(), 'entered');
    // kept over a reload, with the game
    await vp.reload();
    await until(vstatus, /back where you left it/);
    assert.equal(await kind.inputValue(), 'entered');
    assert.deepEqual(await options(), [...menu, ['entered', 'Sudoku X 4x4']]);
    // a jigsaw 6x6 renames the entry; a classic puzzle: Classic 9x9, the
    // entry gone, the symmetry back
    await paste(nonet.generate({ size: 6, jigsaw: true, seed: 5 })[0].puzzle);
    assert.deepEqual(await options(), [...menu, ['entered', 'Jigsaw 6x6']]);
    assert.equal(await kind.inputValue(), 'entered');
    await paste(nonet.generate({ seed: 5 })[0].puzzle);
    assert.equal(await kind.inputValue(), 'classic');
    assert.deepEqual(await options(), menu);
    assert.equal(await symmetry.isVisible(), true);
    await newPuzzle(/A new \w+ puzzle: \d+ givens, one solution\.$/);
    assert.equal((await vgrid()).length, 81);
  });

  await step('variants: no script errors', async () => {
    assert.deepEqual(verrors, []);
  });
  await vctx.close();

  // ---- links, clicks while a puzzle is being made, windoku on any size -------
  const lctx = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const lp = await lctx.newPage();
  const lerrors = [];
  lp.on('pageerror', (e) => lerrors.push(String(e)));
  const lstatus = lp.getByRole('status');
  const lcells = lp.getByRole('gridcell');
  const lgrid = async () => (await lcells.allTextContents()).map((t) => t || '.').join('');
  const lpuzzle = async () => decodeURIComponent((await lp.locator('#share').getAttribute('href')).slice(1));
  const lclasses = (cls) => lcells.evaluateAll((els, c) => els.map((e, i) =>
    (e.classList.contains(c) ? i : -1)).filter((i) => i >= 0), cls);
  const enter = async (text) => {
    // the status may already say so (the puzzle entered before): the grid
    // of the new one's size is waited for too
    const size = /^size=(\d+)/.exec(text);
    const want = size ? Number(size[1]) ** 2 : 81;
    await lp.locator('#more').evaluate((d) => { d.open = true; });
    await lp.getByLabel(/^Puzzle \(81/).fill(text);
    await lp.getByRole('button', { name: 'Play this puzzle' }).click();
    await until(lstatus, /Puzzle entered: one solution/);
    await lp.waitForFunction((n) => document.querySelectorAll('[role="gridcell"]').length === n,
      want, { timeout: 20000 });
  };

  await step('a link with a broken %-escape: a message and a game, New puzzle works', async () => {
    // a variant's link (written with encodeURIComponent) cut in an escape
    await lp.goto(`${base}#%E0%A4%A`);
    await until(lstatus, /the link is damaged .* A new puzzle is on the grid/);
    const g = await lgrid();
    assert.equal(g.length, 81);
    assert.equal(nonet.count(g, { limit: 2 }), 1, 'a new puzzle with one solution');
    assert.equal(new URL(lp.url()).hash, '', 'the broken link is taken out of the address');
    await lp.getByRole('button', { name: 'New puzzle' }).click();
    await until(lstatus, /A new hard puzzle: \d+ givens/);
    // the address changed to a broken link on the open page: the game stays
    const kept = await lgrid();
    await lp.evaluate(() => { location.hash = '%E0%A4%A'; });
    await until(lstatus, /the link is damaged .* The game in progress is kept/);
    assert.equal(await lgrid(), kept);
    await lp.getByRole('button', { name: 'New puzzle' }).click();
    await until(lstatus, /A new hard puzzle: \d+ givens/);
    // opened again with the broken link: the saved game is back
    const saved = await lgrid();
    await lp.evaluate(() => history.replaceState(null, '', '#%E0%A4%A'));
    await lp.reload();
    await until(lstatus, /the link is damaged .* Your game is back where you left it/);
    assert.equal(await lgrid(), saved);
    assert.deepEqual(lerrors, []);
  });

  await step('New puzzle clicked while a puzzle is being made: the next one is of the Level chosen', async () => {
    await lp.getByRole('combobox', { name: 'Level' }).selectOption('hard');
    // Kind Jigsaw (a hard one is being made), then Level Easy and New at once
    await lp.evaluate(() => {
      const kind = document.getElementById('kind');
      kind.value = 'jigsaw';
      kind.dispatchEvent(new Event('change'));
      document.getElementById('level').value = 'easy';
      document.getElementById('new').click();
    });
    await until(lstatus, /A new Jigsaw 9x9 puzzle: \d+ givens, one solution, easy/);
    await lp.locator('#rating').filter({ hasText: /^Easy by technique/ }).waitFor();
    assert.equal(nonet.level(await lpuzzle()).level, 'Easy');
  });

  await step('Windoku 6x6 and 16x16 entered: the engine\'s windows shaded, their conflicts marked', async () => {
    const [w6] = nonet.generate({ size: 6, constraints: ['windoku'], seed: 1 });
    const { windows, variant: v } = nonet.parse(w6.puzzle);
    assert.equal(windows.length, 2);
    await enter(w6.puzzle);
    assert.equal(await lcells.count(), 36);
    assert.deepEqual(await lclasses('extra'), windows.flat().sort((a, b) => a - b));
    assert.match(await lp.locator('#rules').textContent(), /Windoku: the two shaded windows too/);
    // two empty cells of a window in other rows, columns and boxes, and a
    // digit that breaks only the window's rule in both
    const [r, c] = [(i) => Math.floor(i / 6), (i) => i % 6];
    const box = (i) => Math.floor(r(i) / 2) * 2 + Math.floor(c(i) / 3);
    let pair = null;
    for (const w of windows) {
      const e = w.filter((i) => !v.cells[i]);
      for (const a of e) for (const b of e)
        if (!pair && r(a) !== r(b) && c(a) !== c(b) && box(a) !== box(b)) pair = [a, b];
    }
    assert.ok(pair, 'two empty cells of a window that see each other by the window alone');
    const [a, b] = pair;
    let d = 0;
    for (let k = 1; k <= 6 && !d; k++) {
      const cells = v.cells.slice();
      cells[a] = cells[b] = k;
      const cf = nonet.parse({ ...v, cells }).conflicts;
      if (cf.length === 1 && /^windoku box/.test(cf[0].message)) d = k;
    }
    assert.ok(d, 'a digit that breaks the window only');
    for (const i of [a, b]) {
      await lcells.nth(i).click();
      await lp.keyboard.press(`Digit${d}`);
    }
    assert.deepEqual(await lclasses('conflict'), [a, b].sort((x, y) => x - y));
    await lp.keyboard.press('Backspace');
    assert.deepEqual(await lclasses('conflict'), []);
    // 16x16: its nine windows of 4x4
    const full = nonet.solve({ size: 16, constraints: ['windoku'] }, { first: true });
    const w16 = `size=16 box=4x4 constraints=windoku cells=${[...full].map((ch, i) => (i % 3 ? ch : '.')).join('')}`;
    assert.equal(nonet.count(w16, { limit: 2 }), 1);
    const win16 = nonet.parse(w16).windows;
    assert.equal(win16.length, 9);
    await enter(w16);
    assert.deepEqual(await lclasses('extra'), win16.flat().sort((x, y) => x - y));
    assert.match(await lp.locator('#rules').textContent(), /Windoku: the nine shaded windows too/);
    // the Kind menu's 9x9 windoku: the same four windows as before
    await lp.getByRole('combobox', { name: 'Kind' }).selectOption('windoku');
    await until(lstatus, /A new Windoku puzzle/);
    assert.deepEqual(await lclasses('extra'), nonet.parse(await lpuzzle()).windows.flat().sort((x, y) => x - y));
    assert.equal((await lclasses('extra')).length, 36);
    assert.match(await lp.locator('#rules').textContent(), /Windoku: the four shaded windows too/);
    assert.deepEqual(lerrors, []);
  });
  await lctx.close();

  const vphone = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true,
    isMobile: true, deviceScaleFactor: 2 });
  await step('phone size: every kind fits, a screenshot of each', async () => {
    const p = await vphone.newPage();
    await p.goto(base);
    await p.getByRole('status').filter({ hasText: /A new hard puzzle/ }).waitFor({ timeout: 20000 });
    const names = await p.locator('#kind option').evaluateAll((os) => os.map((o) => [o.value, o.textContent]));
    for (const [value, name] of names) {
      if (value !== 'classic') {
        await p.getByRole('combobox', { name: 'Kind' }).selectOption(value);
        await until(p.getByRole('status'), `A new ${name} puzzle`);
      }
      const box = await p.getByRole('grid').boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= 375, `${value}: grid ${JSON.stringify(box)}`);
      const width = await p.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 375, `${value}: no sideways scrolling (${width})`);
      const g = (await p.getByRole('gridcell').allTextContents()).map((t) => t || '.').join('');
      const i = g.indexOf('.');
      await p.getByRole('gridcell').nth(i).tap();
      await p.getByRole('button', { name: 'Pencil', exact: true }).tap();
      await p.getByRole('button', { name: 'Digit 1' }).tap();
      await p.getByRole('button', { name: 'Digit 2' }).tap();
      await p.getByRole('button', { name: 'Pencil', exact: true }).tap();
      await p.getByRole('gridcell').nth(g.indexOf('.', i + 1)).tap();
      await p.getByRole('button', { name: 'Digit 3' }).tap();
      await p.screenshot({ path: path.join(shots, `phone-${value}.png`), fullPage: true });
    }
  });
  await step('phone size: a 25x25 entered fits, grid and keys', async () => {
    const p = await vphone.newPage();
    await p.goto(base);
    await p.getByRole('status').filter({ hasText: /back where you left it|A new/ }).waitFor({ timeout: 20000 });
    const full = nonet.solve({ size: 25 }, { first: true });
    const p25 = `size=25 box=5x5 cells=${[...full].map((ch, i) => (i % 4 ? ch : '.')).join('')}`;
    assert.equal(nonet.count(p25, { limit: 2 }), 1);
    await p.locator('#more').evaluate((d) => { d.open = true; });
    await p.getByLabel(/^Puzzle \(81/).fill(p25);
    await p.getByRole('button', { name: 'Play this puzzle' }).tap();
    await until(p.getByRole('status'), /Puzzle entered: one solution/);
    await p.waitForFunction(() => document.querySelectorAll('[role="gridcell"]').length === 625);
    assert.equal(await p.getByRole('combobox', { name: 'Kind' }).inputValue(), 'entered');
    assert.equal(await p.locator('#kind option:checked').textContent(), '25x25');
    const box = await p.getByRole('grid').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 375, `grid ${JSON.stringify(box)}`);
    const last = await p.getByRole('gridcell').nth(624).boundingBox();
    assert.ok(last.x + last.width <= box.x + box.width + 0.5, `the last cell in the grid: ${JSON.stringify(last)}`);
    // 25 keys, in two rows, on the screen
    const keys = await p.locator('.pad button').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect())
      .map((r) => [r.left, r.right, r.top]));
    assert.equal(keys.length, 25);
    assert.ok(keys.every(([l, r]) => l >= 0 && r <= 375), `keys ${JSON.stringify(keys)}`);
    assert.equal(new Set(keys.map(([, , t]) => Math.round(t))).size, 2);
    const width = await p.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 375, `no sideways scrolling (${width})`);
    // larger text (a phone's text size setting, a minimum font size): the
    // cells keep their share of the grid's width, the digits overflow them
    await p.addStyleTag({ content: '[role=gridcell] { font-size: 20px !important; }' });
    await p.getByRole('gridcell').nth(1).evaluate((e) => { e.textContent = 'W'; });
    const big = await p.getByRole('gridcell').nth(624).boundingBox();
    assert.ok(big.x + big.width <= box.x + box.width + 0.5, `the last cell with larger text ${JSON.stringify(big)}`);
    await p.reload();
    await until(p.getByRole('status'), /back where you left it/);
    // the last cell (empty) tapped, then its digit's key
    const i = 624;
    await p.getByRole('gridcell').nth(i).tap();
    await p.getByRole('button', { name: `Digit ${full[i]}`, exact: true }).tap();
    assert.equal(await p.getByRole('gridcell').nth(i).textContent(), full[i]);
    await p.screenshot({ path: path.join(shots, 'phone-25x25.png'), fullPage: true });
  });
  await vphone.close();
} finally {
  await browser.close();
  server.close();
}
console.log(failures ? `${failures} failed` : 'all passed');
process.exit(failures ? 1 : 0);
