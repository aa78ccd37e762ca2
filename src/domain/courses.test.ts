import { describe, expect, it } from 'vitest';
import { courseProgress, lessonAccess, lessonNote } from './courses';

describe('lessonAccess', () => {
  it.each([
    [null, 'gratis', true, 'sign-in'],
    [null, 'gratis', false, 'sign-in'],
    ['gratis', 'gratis', false, 'read'],
    ['gratis', 'reguler', true, 'read'],
    ['gratis', 'reguler', false, 'upgrade'],
    ['reguler', 'reguler', false, 'read'],
    ['reguler', 'premium', false, 'upgrade'],
    ['reguler', 'premium', true, 'read'],
    ['premium', 'premium', false, 'read'],
  ] as const)('viewer %s, course %s, free preview %s → %s', (viewer, course, free, want) => {
    expect(lessonAccess(viewer, course, free)).toBe(want);
  });
});

describe('lessonNote', () => {
  it.each([
    // A visitor opens no lesson: never "pratinjau gratis", only what a free account would open.
    [null, 'reguler', true, 'perlu akun gratis'],
    [null, 'gratis', false, 'perlu akun gratis'],
    [null, 'reguler', false, 'terkunci'],
    ['gratis', 'reguler', true, 'pratinjau gratis'],
    ['gratis', 'reguler', false, 'terkunci'],
    ['gratis', 'gratis', false, null],
    ['premium', 'reguler', true, null],
  ] as const)('viewer %s, course %s, free preview %s → %s', (viewer, course, free, want) => {
    expect(lessonNote(viewer, course, free)).toBe(want);
  });
});

describe('courseProgress', () => {
  const lessons = ['01-a', '02-b', '03-c', '04-d'];

  it('starts at the first lesson when nothing was opened', () => {
    expect(courseProgress(lessons, [], null)).toEqual({
      done: [],
      total: 4,
      percent: 0,
      resume: '01-a',
      started: false,
      lastOpened: null,
    });
  });

  it('resumes the last opened lesson while it is not done', () => {
    expect(courseProgress(lessons, ['01-a'], '03-c')).toMatchObject({
      percent: 25,
      resume: '03-c',
      started: true,
      lastOpened: '03-c',
    });
  });

  it('moves on to the next open lesson after a finished one, wrapping to the start', () => {
    expect(courseProgress(lessons, ['01-a', '02-b'], '02-b').resume).toBe('03-c');
    expect(courseProgress(lessons, ['03-c', '04-d'], '04-d').resume).toBe('01-a');
  });

  it('has nothing to resume when every lesson is done, and shows 100 %', () => {
    expect(courseProgress(lessons, lessons, '02-b')).toMatchObject({ percent: 100, resume: null });
  });

  it('rounds down so that 100 % means every lesson, and ignores removed lessons', () => {
    const three = ['01-a', '02-b', '03-c'];
    expect(courseProgress(three, ['01-a', '02-b', 'gone'], 'gone')).toMatchObject({
      done: ['01-a', '02-b'],
      percent: 66,
      resume: '03-c',
      lastOpened: null,
    });
  });

  it('is empty for a course without lessons', () => {
    expect(courseProgress([], [], null)).toEqual({
      done: [],
      total: 0,
      percent: 0,
      resume: null,
      started: false,
      lastOpened: null,
    });
  });
});
