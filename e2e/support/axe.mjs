// The accessibility check of the end-to-end suite: axe-core, through
// @axe-core/playwright, with the WCAG 2.0, 2.1 and 2.2 A and AA rules, run on the page as the
// journey left it (a dialog open, a drawer open, a form half filled) at a phone's and a
// desktop's width. Any violation fails the journey, naming the rule, the elements and the page.
/* global document, requestAnimationFrame, window -- in functions that run in the page (evaluate) */
import { AxeBuilder } from '@axe-core/playwright';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The widths every check runs at: a phone (390 px) and a desktop (1280 px). */
export const WIDTHS = [390, 1280];
/** WCAG 1.4.10 (reflow): 320 CSS px, what 1280 px shows at 400% zoom, without horizontal scrolling. */
export const REFLOW_WIDTH = 320;

/**
 * Rules turned off, each with why axe is wrong there (never to hide a real problem). Empty: every
 * WCAG A/AA rule applies everywhere.
 */
const DISABLED_RULES = {};

/** One line per element: the rule, its impact, the element's selector and what axe found. */
export function describeViolations(violations) {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `- ${violation.id} (${violation.impact}): ${violation.help}\n` +
          `    element: ${node.target.join(' ')}\n` +
          `    html: ${node.html.slice(0, 200)}\n` +
          `    ${node.failureSummary?.replaceAll('\n', '\n    ')}`,
      ),
    )
    .join('\n');
}

/**
 * Waits for the page's finite CSS animations and transitions to end: axe measures colours as they are
 * drawn, and a toast fading in or out is, for a few frames, text barely darker than its background (a
 * CI run failed on one at 1.05:1). Endless ones (spinners) are left running; a cancelled one counts as
 * ended.
 */
function animationsSettled(page) {
  return page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
}

/**
 * Whether a violation may have been measured mid-change: an element it names is gone (a toast
 * that closed while axe ran), or a finite animation is running now (one that started meanwhile).
 */
function changedUnderAxe(page, violations) {
  const targets = violations.flatMap((violation) => violation.nodes.map((node) => node.target[0]));
  return page.evaluate(
    (selectors) =>
      selectors.some((selector) => !document.querySelector(selector)) ||
      document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
        ),
    targets,
  );
}

const runAxe = (page) =>
  new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .disableRules(Object.keys(DISABLED_RULES))
    // In the page itself: the product has no frames, and the default mode opens a blank page per run.
    .setLegacyMode(true)
    .analyze();

/**
 * Runs axe on the page as it is; throws with every violation found, naming `where`. A toast's
 * five seconds can end while axe measures (a CI run failed on one fading out, at 1.68:1): when the
 * page changed under the measurement, it settles and axe measures again, and that second
 * measurement stands.
 */
export async function expectNoViolations(page, where) {
  await animationsSettled(page);
  let results = await runAxe(page);
  if (results.violations.length && (await changedUnderAxe(page, results.violations))) {
    await animationsSettled(page);
    results = await runAxe(page);
  }
  if (results.violations.length) {
    const count = results.violations.reduce((sum, violation) => sum + violation.nodes.length, 0);
    throw new Error(
      `axe: ${count} WCAG 2.2 A/AA violation(s) on ${where} (${page.url()}, ${page.viewportSize().width} px):\n` +
        describeViolations(results.violations),
    );
  }
}

const nextFrames = (page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** Sets the viewport's width and waits for the layout (and antd's responsive styles) to follow. */
async function resize(page, width, height) {
  if (width === page.viewportSize().width) return;
  await page.setViewportSize({ width, height });
  await nextFrames(page);
}

/** Throws when the page scrolls sideways at its current width (content wider than the viewport). */
export async function expectNoHorizontalScroll(page, where) {
  const { scrollWidth, clientWidth, widest } = await page.evaluate(() => {
    const root = document.documentElement;
    // The element reaching furthest right, to name in the failure.
    let widest = '';
    let right = root.clientWidth;
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.right > right + 1) {
        right = box.right;
        widest = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} (${Math.round(box.right)} px)`;
      }
    }
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, widest };
  });
  if (scrollWidth > clientWidth) {
    throw new Error(
      `${where} scrolls sideways at ${page.viewportSize().width} px: ${scrollWidth} px wide in a ` +
        `${clientWidth} px viewport; widest: ${widest} (${page.url()})`,
    );
  }
}

/**
 * What axe files under best practice but WCAG 2.2 AA here requires: one visible h1, headings that never
 * skip a level going down (h2 then h4), one main landmark (and a banner or header before it).
 */
export async function expectPageStructure(page, where) {
  const { levels, mains } = await page.evaluate(() => ({
    levels: [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .filter((heading) => heading.getClientRects().length > 0 && !heading.closest('[aria-hidden="true"]'))
      .map((heading) => Number(heading.tagName[1])),
    mains: document.querySelectorAll('main, [role="main"]').length,
  }));
  const problems = [];
  if (levels.filter((level) => level === 1).length !== 1)
    problems.push(`${levels.filter((l) => l === 1).length} h1 (one wanted)`);
  levels.forEach((level, i) => {
    if (i > 0 && level > levels[i - 1] + 1) problems.push(`h${levels[i - 1]} followed by h${level}`);
  });
  if (mains !== 1) problems.push(`${mains} main landmarks (one wanted)`);
  if (problems.length)
    throw new Error(
      `page structure of ${where} (${page.url()}): ${problems.join('; ')} [headings: ${levels.map((l) => `h${l}`).join(' ')}]`,
    );
}

/** The autocomplete field names of HTML's autofill grammar, plus on and off. */
const AUTOFILL_FIELDS = new Set(
  (
    'on off name honorific-prefix given-name additional-name family-name honorific-suffix nickname ' +
    'username new-password current-password one-time-code organization-title organization ' +
    'street-address address-line1 address-line2 address-line3 address-level4 address-level3 ' +
    'address-level2 address-level1 country country-name postal-code cc-name cc-given-name ' +
    'cc-additional-name cc-family-name cc-number cc-exp cc-exp-month cc-exp-year cc-csc cc-type ' +
    'transaction-currency transaction-amount language bday bday-day bday-month bday-year sex url ' +
    'photo tel tel-country-code tel-national tel-area-code tel-local tel-local-prefix ' +
    'tel-local-suffix tel-extension email impp webauthn'
  ).split(' '),
);

/**
 * What axe lets pass but a strict reading of WCAG 2.2 (1.1.1, 1.3.1, 1.3.5, 4.1.2) does not: an
 * icon with a role inside a button or link (its role is ignored there and its name read into
 * the control's a second time), an autocomplete value outside HTML's autofill grammar, a
 * `<label for>` that names no control, and a group of inputs (a checkbox or radio group, a
 * fieldset, role=group/radiogroup) without a name.
 */
export async function expectSoundSemantics(page, where) {
  const problems = await page.evaluate(
    (fields) => {
      const found = [];
      const describe = (element) =>
        `<${element.tagName.toLowerCase()}${[...element.attributes]
          .slice(0, 4)
          .map((a) => ` ${a.name}="${a.value.slice(0, 40)}"`)
          .join('')}>`;
      const controls =
        'button, a[href], [role="button"], [role="link"], [role="menuitem"], [role="tab"], [role="option"]';
      for (const icon of document.querySelectorAll(
        `:is(${controls}) [role]:not([role="presentation"]):not([role="none"])`,
      ))
        found.push(
          `role="${icon.getAttribute('role')}" inside a control: ${describe(icon)} in ${describe(icon.closest(controls))}`,
        );
      for (const field of document.querySelectorAll('[autocomplete]')) {
        const tokens = field.getAttribute('autocomplete').trim().toLowerCase().split(/\s+/);
        const name = tokens.filter(
          (token) =>
            !/^section-/.test(token) &&
            !['shipping', 'billing', 'home', 'work', 'mobile', 'fax', 'pager'].includes(token),
        );
        if (name.length !== 1 || !fields.includes(name[0]))
          found.push(
            `autocomplete="${field.getAttribute('autocomplete')}" is no autofill token: ${describe(field)}`,
          );
      }
      const labelable = ['BUTTON', 'INPUT', 'METER', 'OUTPUT', 'PROGRESS', 'SELECT', 'TEXTAREA'];
      for (const label of document.querySelectorAll('label[for]')) {
        const target = document.getElementById(label.htmlFor);
        if (
          !target ||
          !labelable.includes(target.tagName) ||
          (target.tagName === 'INPUT' && target.type === 'hidden')
        )
          found.push(
            `<label for="${label.htmlFor}"> names no control ("${label.textContent.trim().slice(0, 40)}")`,
          );
      }
      const nameOf = (group) => {
        if (group.getAttribute('aria-label')?.trim()) return true;
        const ids = group.getAttribute('aria-labelledby')?.split(/\s+/) ?? [];
        if (ids.some((id) => document.getElementById(id)?.textContent.trim())) return true;
        return (
          group.tagName === 'FIELDSET' && Boolean(group.querySelector(':scope > legend')?.textContent.trim())
        );
      };
      for (const group of document.querySelectorAll(
        'fieldset, [role="group"], [role="radiogroup"], .ant-checkbox-group, .ant-radio-group',
      )) {
        if (group.getClientRects().length === 0) continue;
        if (!nameOf(group)) found.push(`a group of inputs without a name: ${describe(group)}`);
      }
      return found;
    },
    [...AUTOFILL_FIELDS],
  );
  if (problems.length) throw new Error(`semantics of ${where} (${page.url()}):\n- ${problems.join('\n- ')}`);
}

/**
 * Checks the page at each of WIDTHS and for reflow at REFLOW_WIDTH (resizing the viewport, which
 * keeps open dialogs and form state), then puts the journey's own size back. `where` names the
 * page or dialog in the failure message.
 */
export async function expectAccessible(page, where) {
  const size = page.viewportSize();
  // A resize keeps the scroll offset, so the new layout lands wherever it falls, content under the
  // fixed top bar included (axe then counts the bar's buttons as a link's neighbours): each width
  // is checked from the page's top, as a visitor arriving at that width sees it.
  const scrolled = await page.evaluate(() => window.scrollY);
  try {
    for (const width of WIDTHS) {
      await resize(page, width, size.height);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoViolations(page, where);
    }
    await resize(page, REFLOW_WIDTH, size.height);
    await expectNoHorizontalScroll(page, where);
    await expectPageStructure(page, where);
    await expectSoundSemantics(page, where);
  } finally {
    await resize(page, size.width, size.height);
    await page.evaluate((y) => window.scrollTo(0, y), scrolled);
  }
}
