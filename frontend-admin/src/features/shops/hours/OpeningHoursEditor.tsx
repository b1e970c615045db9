import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { Button, Checkbox, Flex } from 'antd';
import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  formatOpeningHours,
  MAX_INTERVALS_PER_DAY,
  minutesOf,
  timeText,
  WEEK_DAYS,
  weekOf,
  type Interval,
} from 'contract';
import { useAdminTranslation } from '../../../i18n';
import './hours.css';

/** One interval as typed: `HH:MM` texts, possibly empty while the admin types. */
interface DraftInterval {
  start: string;
  end: string;
}
type DraftWeek = DraftInterval[][];

/** What a new open day starts with. */
const DEFAULT_INTERVAL: DraftInterval = { start: '09:00', end: '18:00' };
const DAY_KEYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** A time input cannot say 24:00: a day that closes at midnight is typed as closing at 00:00. */
const endMinutes = (text: string) => (minutesOf(text) === 0 ? 1440 : minutesOf(text));

function draftOf(value: string | undefined): DraftWeek {
  const week = weekOf(value) ?? WEEK_DAYS.map(() => []);
  return week.map((intervals) =>
    intervals.map(([start, end]) => ({
      start: timeText(start),
      end: end === 1440 ? '00:00' : timeText(end),
    })),
  );
}

/**
 * The draft as the field's text: the contract's canonical opening hours, or, while a time is
 * missing, text the contract refuses (so the form cannot be saved half typed).
 */
function textOf(draft: DraftWeek): string {
  if (
    draft.some((day) => day.some(({ start, end }) => minutesOf(start) === null || endMinutes(end) === null))
  )
    return 'incomplete';
  return formatOpeningHours(
    draft.map((day) => day.map(({ start, end }): Interval => [minutesOf(start)!, endMinutes(end)!])),
  );
}

type Problem = 'missing' | 'order' | 'overlap';

/** Each interval's problem, if any, so the message stands beside the times it is about. */
function problemsOf(draft: DraftWeek): (Problem | null)[][] {
  return draft.map((day) => {
    const spans = day.map(({ start, end }) => [minutesOf(start), endMinutes(end)] as const);
    return spans.map(([start, end], index) => {
      if (start === null || end === null) return 'missing';
      if (start >= end) return 'order';
      const overlaps = spans.some(
        ([otherStart, otherEnd], other) =>
          other !== index && otherStart !== null && otherEnd !== null && start < otherEnd && otherStart < end,
      );
      return overlaps ? 'overlap' : null;
    });
  });
}

/**
 * The weekly opening hours of the shop form: a group per day (open or closed, up to four
 * intervals, each with its opening and closing time), copying one day's hours to other days,
 * and each problem named beside the interval it is about. Keyboard only: every control is a
 * native input, checkbox or button, in reading order. The field's value is the contract's
 * opening-hours text (contract/src/opening-hours.js).
 */
export function OpeningHoursEditor({
  value,
  onChange,
  id,
}: {
  value?: string | null;
  onChange?: (value: string) => void;
  id?: string;
}) {
  const { t } = useAdminTranslation();
  const [draft, setDraft] = useState<DraftWeek>(() => draftOf(value ?? undefined));
  const [copying, setCopying] = useState<number | null>(null);
  const [copyTargets, setCopyTargets] = useState<number[]>([]);
  const prefix = useId();
  const problems = problemsOf(draft);
  // A new interval takes focus at once, so a keyboard user types its times next.
  const focusAfterRender = useRef<string | null>(null);
  useEffect(() => {
    if (!focusAfterRender.current) return;
    document.getElementById(focusAfterRender.current)?.focus();
    focusAfterRender.current = null;
  }, [draft]);

  const update = (next: DraftWeek) => {
    setDraft(next);
    onChange?.(textOf(next));
  };
  const setDay = (day: number, intervals: DraftInterval[]) =>
    update(draft.map((current, index) => (index === day ? intervals : current)));
  const dayName = (day: number) => t(`hours.days.${DAY_KEYS[day]}`);

  return (
    <div className="atm-hours" id={id} role="group" aria-label={t('hours.title')}>
      <p className="atm-hours__hint" id={`${prefix}-hint`}>
        {t('hours.hint')}
      </p>
      {draft.map((intervals, day) => {
        const open = intervals.length > 0;
        return (
          <fieldset key={WEEK_DAYS[day]} className="atm-hours__day" aria-describedby={`${prefix}-hint`}>
            <legend>{dayName(day)}</legend>
            <Checkbox
              checked={open}
              onChange={(event) => setDay(day, event.target.checked ? [DEFAULT_INTERVAL] : [])}
            >
              {t('hours.open')}
            </Checkbox>
            {!open && <span className="atm-hours__closed">{t('hours.closed')}</span>}
            {intervals.map((interval, index) => {
              const problem = problems[day][index];
              const base = `${prefix}-${day}-${index}`;
              const names = { day: dayName(day), n: index + 1 };
              return (
                <div key={index} className="atm-hours__interval">
                  {(['start', 'end'] as const).map((edge) => (
                    <Fragment key={edge}>
                      <label htmlFor={`${base}-${edge}`}>
                        {t(edge === 'start' ? 'hours.opens' : 'hours.closes')}
                      </label>
                      <input
                        id={`${base}-${edge}`}
                        className="atm-hours__time"
                        type="time"
                        value={interval[edge]}
                        aria-label={t(edge === 'start' ? 'hours.opensLabel' : 'hours.closesLabel', names)}
                        aria-invalid={problem ? true : undefined}
                        aria-describedby={problem ? `${base}-problem` : undefined}
                        onChange={(event) =>
                          setDay(
                            day,
                            intervals.map((item, i) =>
                              i === index ? { ...item, [edge]: event.target.value } : item,
                            ),
                          )
                        }
                      />
                    </Fragment>
                  ))}
                  <Button
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={t('hours.removeLabel', names)}
                    onClick={() =>
                      setDay(
                        day,
                        intervals.filter((_, i) => i !== index),
                      )
                    }
                  >
                    {t('hours.remove')}
                  </Button>
                  {problem && (
                    <span id={`${base}-problem`} className="atm-hours__problem" role="alert">
                      {t(`hours.problems.${problem}`)}
                    </span>
                  )}
                </div>
              );
            })}
            {open && (
              <Flex gap={8} wrap className="atm-hours__actions">
                <Button
                  icon={<PlusOutlined aria-hidden />}
                  disabled={intervals.length >= MAX_INTERVALS_PER_DAY}
                  aria-label={t('hours.addLabel', { day: dayName(day) })}
                  onClick={() => {
                    focusAfterRender.current = `${prefix}-${day}-${intervals.length}-start`;
                    setDay(day, [...intervals, { start: '', end: '' }]);
                  }}
                >
                  {t('hours.add')}
                </Button>
                <Button
                  icon={<CopyOutlined aria-hidden />}
                  aria-expanded={copying === day}
                  aria-controls={`${prefix}-copy-${day}`}
                  aria-label={t('hours.copyLabel', { day: dayName(day) })}
                  onClick={() => {
                    setCopying(copying === day ? null : day);
                    setCopyTargets([]);
                  }}
                >
                  {t('hours.copy')}
                </Button>
              </Flex>
            )}
            {copying === day && (
              <div
                id={`${prefix}-copy-${day}`}
                className="atm-hours__copy"
                role="group"
                aria-label={t('hours.copyTo', { day: dayName(day) })}
              >
                <Checkbox.Group
                  value={copyTargets}
                  onChange={(values) => setCopyTargets(values as number[])}
                  options={WEEK_DAYS.map((_, other) => ({ label: dayName(other), value: other })).filter(
                    (option) => option.value !== day,
                  )}
                />
                <Button
                  type="primary"
                  disabled={copyTargets.length === 0}
                  onClick={() => {
                    update(
                      draft.map((current, other) =>
                        copyTargets.includes(other) ? intervals.map((item) => ({ ...item })) : current,
                      ),
                    );
                    setCopying(null);
                  }}
                >
                  {t('hours.copyApply')}
                </Button>
              </div>
            )}
          </fieldset>
        );
      })}
    </div>
  );
}
